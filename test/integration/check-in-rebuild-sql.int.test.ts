/**
 * The board's set-based rebuild (decision 122) leaves exactly the rows its projector's `apply` leaves: both
 * rebuilds run on the same store and their tables are compared row by row. The store mixes ordinary visits
 * with what only a hand-written store holds (a visit checked out twice, a check-out before its check-in, a
 * check-in id used twice, names to trim, other events between), and the ranges are small so that visits
 * span them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { newId, type EventMetadata, type KernelTables, type NewEvent, type PostgresEventStore } from "../../modules/kernel";
import { checkInStream, type CheckInEvent } from "../../modules/check-in";
import type { AssetRegistered } from "../../modules/uploads";
import { buildShadow, readCheckpoint, rebuildProjection } from "../../projections";
import { checkInProjection } from "../../projections/check-in";
import { counted, testMetadata } from "../support/events";
import { dumpTables } from "../support/read-model";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const projection = checkInProjection;
const organizationId = newId();

/** a small deterministic generator: the same store on every run */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

type Member = { participantId: string; organizationId: string; memberId: string; firstName: string; lastName: string };
const names: [string, string][] = [
  ["Ada", "Lovelace"],
  ["", "Solo"],
  ["Zoë", "Ñúñez"],
  [" Pad", "ded\u00a0"],
  ["Tab\t", "\tName"],
  ["李", "小龍"],
];

describe("the board's rebuild in SQL", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let seeded = 0;

  const meta = (minute: number): EventMetadata => testMetadata({ organizationId, occurredAt: new Date(Date.UTC(2026, 10, 1, 8) + minute * 60_000).toISOString() });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8) + minute * 60_000).toISOString();
  const checkIn = (m: Member, checkInId: string, minute: number, securityCode?: string): NewEvent<CheckInEvent> => ({
    type: "MemberCheckedIn",
    data: { ...m, checkInId, checkInTime: at(minute), dayStart: at(0), dayEnd: at(24 * 60), source: minute % 2 ? "kiosk" : "staff", ...(securityCode ? { securityCode } : {}) },
    eventId: newId(),
    metadata: meta(minute + 1),
  });
  const checkOut = (m: Member, checkInId: string, minute: number, who: string): NewEvent<CheckInEvent> => ({
    type: "MemberCheckedOut",
    data: { ...m, checkInId, checkOutTime: at(minute), pickUpName: who, pickUpContactNumber: who ? "555-0100" : "", pickUpRelationship: who ? "Parent" : "", source: "staff" },
    eventId: newId(),
    metadata: meta(minute + 2),
  });
  const append = async (stream: string, events: NewEvent<CheckInEvent | AssetRegistered>[]) => {
    await store.appendToStream(stream, events as NewEvent<CheckInEvent>[]);
    seeded += events.length;
  };

  beforeAll(async () => {
    database = await createTestDatabase("board_rebuild_sql");
    store = database.store;
    const next = random(23);
    const members: Member[] = Array.from({ length: 12 }, (_, i) => ({ participantId: newId(), organizationId, memberId: `M${String(i).padStart(7, "0")}`, firstName: names[i % names.length]![0], lastName: names[i % names.length]![1] }));
    const open = new Map<string, { member: Member; id: string }>();
    for (let minute = 0; minute < 400; minute++) {
      const member = members[Math.floor(next() * members.length)]!;
      const roll = next();
      if (open.has(member.participantId) && roll < 0.6) {
        const visit = open.get(member.participantId)!;
        await append(checkInStream(member.participantId), [checkOut(member, visit.id, minute, roll < 0.3 ? "Pat" : "")]);
        open.delete(member.participantId);
      } else if (!open.has(member.participantId) && roll < 0.7) {
        const id = newId();
        // a visit checked in and out in one append, now and then
        const events = [checkIn(member, id, minute, roll < 0.35 ? String(1000 + minute) : undefined)];
        if (roll < 0.1) events.push(checkOut(member, id, minute + 1, "Sam"));
        else open.set(member.participantId, { member, id });
        await append(checkInStream(member.participantId), events);
      } else {
        // other events between: another projection's, and a photo (republishes the board, changes no row)
        await store.appendToStream(`other-${newId()}`, [counted(minute)]);
        seeded++;
        if (roll > 0.97) {
          await append(`asset-participant-photo-${member.participantId}`, [
            { type: "AssetRegistered", data: { organizationId, entity: "participant", entityId: member.participantId, property: "photo", value: "x.jpg", previous: null }, eventId: newId(), metadata: meta(minute) },
          ]);
        }
      }
    }
    // what a hand-written store may hold: a visit checked out twice (the last one wins), a check-out before its
    // check-in (it finds no row), a check-in id used twice (the first one wins)
    const [a, b, c] = members;
    const twice = newId();
    await append(checkInStream(a!.participantId), [checkIn(a!, twice, 500), checkOut(a!, twice, 510, "First"), checkOut(a!, twice, 520, "Second")]);
    const early = newId();
    await append(checkInStream(b!.participantId), [checkOut(b!, early, 530, "Early")]);
    await append(checkInStream(b!.participantId), [checkIn(b!, early, 540)]);
    const reused = newId();
    await append(checkInStream(c!.participantId), [checkIn(c!, reused, 550, "1111"), checkIn(members[3]!, reused, 560, "2222"), checkOut(c!, reused, 570, "Once")]);
    // ... and one used again a few ranges later, with its check-out after it: the row of the first is checked out
    const reusedLater = newId();
    await append(checkInStream(c!.participantId), [checkIn(c!, reusedLater, 580, "3333")]);
    for (let i = 0; i < 20; i++) await append(`other-${newId()}`, [counted(i) as unknown as NewEvent<CheckInEvent>]);
    await append(checkInStream(members[4]!.participantId), [checkIn(members[4]!, reusedLater, 590, "4444"), checkOut(c!, reusedLater, 600, "Later")]);
  }, 120_000);
  afterAll(() => database?.drop());

  it("leaves the same rows as the projector's apply, over ranges that split visits", async () => {
    const byApply = await buildShadow({ db: database.db, store, projection, schema: "by_apply", inSql: false, batchSize: 50 });
    const bySql = await buildShadow({ db: database.db, store, projection, schema: "by_sql", sqlRangeSize: 7 });
    expect(byApply.inSql).toBe(false);
    expect(bySql.inSql).toBe(true);
    expect(bySql.events).toBe(seeded);
    expect(bySql.position).toBe(byApply.position);
    const expected = await dumpTables(database.db, "by_apply", projection.tables);
    expect(expected.rm_check_ins!.length).toBeGreaterThan(50);
    expect(await dumpTables(database.db, "by_sql", projection.tables)).toEqual(expected);
    // the hand-written cases came out as the projector leaves them
    const rows = expected.rm_check_ins as { pick_up_name: string | null; security_code: string | null; check_out_time: string | null; full_name: string }[];
    expect(rows.filter((r) => r.pick_up_name === "Second")).toHaveLength(1);
    expect(rows.filter((r) => r.pick_up_name === "First" || r.pick_up_name === "Early")).toHaveLength(0);
    expect(rows.filter((r) => r.security_code === "1111")).toHaveLength(1);
    expect(rows.filter((r) => r.security_code === "2222" || r.security_code === "4444")).toHaveLength(0);
    expect(rows.filter((r) => r.security_code === "3333" && r.pick_up_name === "Later")).toHaveLength(1);
    expect(rows.some((r) => r.full_name === "Solo")).toBe(true);
    // the secondary indexes are made again after the load, under the shadow table
    const { rows: indexes } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where schemaname = 'by_sql' and tablename = 'rm_check_ins'`.execute(database.db);
    expect(indexes[0]!.n).toBe(3);
  });

  it("npm run projections:rebuild swaps in the SQL-built board and hands its checkpoint to the projector", async () => {
    const result = await rebuildProjection({ db: database.db, store, projection, sqlRangeSize: 50 });
    expect(result.inSql).toBe(true);
    expect(await dumpTables(database.db, "public", projection.tables)).toEqual(await dumpTables(database.db, "by_apply", projection.tables));
    expect(await readCheckpoint(database.db as Kysely<KernelTables>, projection.name)).toBe(await store.headPosition());
  });
});
