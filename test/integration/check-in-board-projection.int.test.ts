import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { newId, type RecordedEvent } from "../../modules/kernel";
import type { CheckInEvent } from "../../modules/check-in";
import { checkInProjection, type BoardRow } from "../../projections/check-in/projection";
import { testMetadata } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const organizationId = newId();
let position = 0;
const recorded = (event: CheckInEvent): RecordedEvent<CheckInEvent> =>
  ({ ...event, eventId: newId(), streamId: "check-in-x", revision: 0, position: ++position, metadata: testMetadata({ organizationId }) }) as RecordedEvent<CheckInEvent>;
const member = (n: number) => ({ participantId: newId(), organizationId, memberId: `M000000${n}`, firstName: `First${n}`, lastName: `Last${n}` });
const checkedIn = (m: ReturnType<typeof member>, checkInId: string, hour: number) =>
  recorded({ type: "MemberCheckedIn", data: { ...m, checkInId, checkInTime: `2026-11-21T${hour}:00:00.000Z`, dayStart: "2026-11-21T05:00:00.000Z", dayEnd: "2026-11-22T05:00:00.000Z", source: "kiosk" } });
const checkedOut = (m: ReturnType<typeof member>, checkInId: string, hour: number) =>
  recorded({ type: "MemberCheckedOut", data: { ...m, checkInId, checkOutTime: `2026-11-21T${hour}:30:00.000Z`, pickUpName: "Pat", pickUpContactNumber: "555-0100", pickUpRelationship: "Parent", source: "staff" } });

describe("the check-in board projection writes a batch's runs of check-ins and check-outs together", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("board_projection");
  });
  afterAll(() => database.drop());

  it("applies check-ins and check-outs in event order, one live row per event, and the same again on replay", async () => {
    const [a, b, c] = [member(1), member(2), member(3)];
    const [va, vb, vc] = [newId(), newId(), newId()];
    const batch = [checkedIn(a, va, 10), checkedIn(b, vb, 10), checkedOut(a, va, 11), checkedIn(c, vc, 12), checkedOut(b, vb, 13)];
    const apply = () => database.db.transaction().execute((trx) => checkInProjection.apply(trx as never, batch as never));
    const published = (await apply()) ?? [];
    // each row goes whole to the staff's topic and without its pick-up details to the kiosk's (decision 027)
    const first = published.filter((m) => m.topic === "check-in");
    const kiosk = published.filter((m) => m.topic === "check-in-kiosk");
    expect(first.map((m) => [(m.payload as BoardRow).id, Boolean((m.payload as BoardRow).check_out_time)])).toEqual([
      [va, false],
      [vb, false],
      [va, true],
      [vc, false],
      [vb, true],
    ]);
    expect(kiosk.map((m) => (m.payload as BoardRow).id)).toEqual(first.map((m) => (m.payload as BoardRow).id));
    expect(published).toHaveLength(10);
    expect((first[2]!.payload as BoardRow).pick_up_name).toBe("Pat");
    for (const m of kiosk) for (const field of ["pick_up_name", "pick_up_contact_number", "pick_up_relationship"]) expect(m.payload).not.toHaveProperty(field);
    expect(published.every((m) => m.organizationId === organizationId && m.event === "check-in:changed")).toBe(true);
    const { rows } = await sql<{ id: string; check_out_time: Date | null; pick_up_name: string | null }>`select id, check_out_time, pick_up_name from rm_check_ins order by check_in_time`.execute(database.db);
    expect(rows.map((r) => [r.id, r.check_out_time?.toISOString() ?? null, r.pick_up_name])).toEqual([
      [va, "2026-11-21T11:30:00.000Z", "Pat"],
      [vb, "2026-11-21T13:30:00.000Z", "Pat"],
      [vc, null, null],
    ]);
    // a replayed batch (the checkpoint had not moved) changes nothing and publishes the rows as they are
    const again = ((await apply()) ?? []).filter((m) => m.topic === "check-in");
    expect(again).toHaveLength(5);
    expect((await sql<{ n: number }>`select count(*)::int as n from rm_check_ins`.execute(database.db)).rows[0]!.n).toBe(3);
    expect((again[0]!.payload as BoardRow).check_out_time).toBe("2026-11-21T11:30:00.000Z");
  });
});
