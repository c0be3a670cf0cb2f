import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { fixedClock, idFrom, newId, type CommandMetadata } from "../../modules/kernel";
import {
  changeParticipantStatus,
  issueWaiverToken,
  loadParticipant,
  loadParticipantByMemberId,
  memberIdStream,
  participantInOrganization,
  participantStream,
  registerParticipant,
  resolveMemberId,
  signWaiver,
} from "../../modules/participants";
import { ProjectionRunner } from "../../projections";
import { participantById, participantByMemberId, participantsProjection } from "../../projections/participants";
import type { ReadModels } from "../../projections/read-models";
import { committedHead } from "../support/read-model";
import { demoParticipant, memberIdFrom } from "../factories/participants";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const org = { id: idFrom("participants-store", "org"), name: "Northside Youth Centre", type: "other" as const };

describe("participants: Member ID claims, the stream and the read model", () => {
  let database: TestDatabase;
  const clock = fixedClock("2026-11-21T08:30:00.000Z");
  const deps = () => ({ store: database.store, clock });
  const meta = (commandId = newId()): CommandMetadata => ({ commandId, organizationId: org.id, actorId: "admin-1" });
  const input = (index: number) => ({ ...demoParticipant(org, index, 10, clock.now()).input, participantId: newId() });

  beforeAll(async () => {
    database = await createTestDatabase("participants");
  });
  afterAll(() => database.drop());

  it("claims the Member ID on its own stream and resolves it back, in any case", async () => {
    const result = await registerParticipant(deps(), input(1), meta());
    expect(result.ok).toBe(true);
    const participant = result.ok ? result.state! : null;
    expect(participant!.memberId).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await resolveMemberId(database.store, participant!.memberId.toLowerCase())).toBe(participant!.participantId);
    expect(await loadParticipantByMemberId(database.store, ` ${participant!.memberId} `)).toEqual(participant);
    expect(await resolveMemberId(database.store, "ZZZZ2222")).toBeNull();
    expect(await participantInOrganization(database.store, org.id, participant!.participantId)).toBe(true);
    expect(await participantInOrganization(database.store, newId(), participant!.participantId)).toBe(false);
  });

  it("tries a new Member ID on a clash, and refuses a taken one the caller insists on", async () => {
    const first = await registerParticipant(deps(), { ...input(2), memberId: "TAKEN222" }, meta());
    expect(first.ok).toBe(true);
    const tried: string[] = [];
    const second = await registerParticipant(deps(), input(3), meta(), {
      nextMemberId: (attempt) => {
        tried.push(attempt === 0 ? "TAKEN222" : "FRESH333");
        return tried[tried.length - 1]!;
      },
    });
    expect(tried).toEqual(["TAKEN222", "FRESH333"]);
    expect(second.ok && second.state!.memberId).toBe("FRESH333");
    const refused = await registerParticipant(deps(), { ...input(4), memberId: "taken222" }, meta());
    expect(refused.ok ? null : refused.error.toJSON()).toEqual({ code: "MEMBER_ID_TAKEN", message: "Member ID TAKEN222 is taken already" });
  });

  it("claims nothing for a refused registration, and nothing new for a resent one", async () => {
    const bad = await registerParticipant(deps(), { ...input(5), firstName: "" , memberId: "NEVER222" }, meta());
    expect(bad.ok ? null : bad.error.message).toBe("First Name is required");
    expect((await database.store.readStream(memberIdStream("NEVER222"))).streamExists).toBe(false);

    const again = input(6);
    const command = meta();
    const once = await registerParticipant(deps(), again, command, { nextMemberId: (n) => memberIdFrom(`a${n}`) });
    const twice = await registerParticipant(deps(), again, command, { nextMemberId: (n) => memberIdFrom(`b${n}`) });
    expect(twice.ok && twice.replayed).toBe(true);
    expect(twice.ok && twice.state!.memberId).toBe(once.ok && once.state!.memberId);
    expect((await database.store.readStream(memberIdStream(memberIdFrom("b0")))).streamExists).toBe(false);
    expect((await database.store.readStream(participantStream(again.participantId))).events).toHaveLength(1);
  });

  it("projects registrations, status changes and waivers; replaying a batch changes nothing", async () => {
    const seed = input(7);
    const registered = await registerParticipant(deps(), seed, meta());
    const id = seed.participantId;
    await changeParticipantStatus(deps(), { type: "ChangeParticipantStatus", data: { participantId: id, status: "Alumni", reason: "Aged out" }, metadata: meta() });
    const tokenHash = "c".repeat(64);
    await issueWaiverToken(deps(), { type: "IssueWaiverToken", data: { participantId: id, tokenHash, issuedBy: "admin-1", asParent: false }, metadata: meta() });
    const waiver = { participantId: id, signedByName: "Ngozi Okafor", consent: true, ip: "10.0.0.7", tokenHash };
    expect((await signWaiver(deps(), { type: "SignWaiver", data: waiver, metadata: meta() })).ok).toBe(true);
    const refused = await signWaiver(deps(), { type: "SignWaiver", data: waiver, metadata: meta() });
    expect(refused.ok ? null : refused.error.code).toBe("TOKEN_EXPIRED");
    const otherOrg = await signWaiver(deps(), { type: "SignWaiver", data: waiver, metadata: { ...meta(), organizationId: newId() } });
    expect(otherOrg.ok ? null : otherOrg.error.status).toBe(404);

    const runner = new ProjectionRunner({ db: database.db, store: database.store, projection: participantsProjection, batchSize: 3 });
    await runner.catchUp({ atLeast: await committedHead(database.db) });
    const db = database.db as Kysely<ReadModels>;
    const row = await participantById(db, org.id, id);
    expect(row).toMatchObject({
      member_id: registered.ok ? registered.state!.memberId : "",
      full_name: `${seed.firstName} ${seed.lastName}`,
      status: "Alumni",
      is_waiver_signed: true,
      waiver_signed_by: "Ngozi Okafor",
    });
    expect(await participantByMemberId(db, org.id, row!.member_id)).toEqual({ ...row, photo_url: null });
    expect(await participantById(db, newId(), id)).toBeUndefined();

    // a second delivery of every event (a rebuild's worth) leaves the row as it is
    const events = await database.store.readAll(0, 1000);
    await database.db.transaction().execute((trx) => participantsProjection.apply(trx, events.filter((e) => e.streamId.startsWith("participant-"))));
    expect(await participantById(db, org.id, id)).toEqual(row);
    expect(await loadParticipant(database.store, id)).toMatchObject({ status: "Alumni", waiverSigned: true, waiverSignedBy: "Ngozi Okafor" });
  });
});
