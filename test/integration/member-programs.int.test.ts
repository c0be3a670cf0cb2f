import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom, systemClock } from "../../modules/kernel";
import { todayIn } from "../../modules/organizations";
import { parseExportCsv } from "../../modules/exports";
import { addDays, createProgram, registerParticipantToProgram } from "../../modules/programs";
import type { ReadModels } from "../../projections";
import { demoOrganizations } from "../factories/demo-seed";
import { createParticipant, demoParticipant } from "../factories/participants";
import { demoProgramId } from "../factories/programs";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; full_name: string; is_waiver_signed: boolean };
type BoardAnswer = { data: { participant_id: string }[]; additional_info: { programs: { id: string; name: string; participant_ids: string[] }[] } };
type Detail = { programs_and_events: { id: string; name: string }[] };
const ZONE = "America/Toronto";

/**
 * Decision 038: the programs shown for a member today are one answer on the board (GET /api/check-in's
 * programs), in the participant dialog (GET /api/participant/{id}) and in the check-in CSV ('Program
 * Registered'), for a member with several programs, one of them a drop-in they registered to.
 */
describe("a member's programs of the day: one answer on the board, in the dialog and in the CSV", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let members: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };

  beforeAll(async () => {
    app = await startInProcessApp("member-programs");
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
  }, 300_000);
  afterAll(() => app?.stop());

  const board = async () =>
    (await (await admin.request("GET", `/api/check-in?type=notYetCheckout&all=true&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`)).json()) as BoardAnswer;
  const onBoard = (answer: BoardAnswer, participantId: string) => answer.additional_info.programs.filter((p) => p.participant_ids.includes(participantId)).map((p) => p.name);
  const inDialog = async (participantId: string) => ((await (await admin.request("GET", `/api/participant/${participantId}`)).json()) as Detail).programs_and_events.map((p) => p.name);

  it("gives the same programs, in the same order, for members with several programs, with none and with a drop-in they registered to", async () => {
    const db = app.app.core.db as Kysely<ReadModels>;
    // the demo's programs run on given weekdays (on a weekend few members have two of them today): a club of this
    // test's own runs every day, and two members with a program today are registered to it as well
    const first = await board();
    const withOne = members.filter((m) => m.is_waiver_signed && onBoard(first, m.id).length >= 1).slice(0, 2);
    expect(withOne).toHaveLength(2);
    const { organization_id: orgId } = await db.selectFrom("rm_participants").select("organization_id").where("id", "=", withOne[0]!.id).executeTakeFirstOrThrow();
    const today = todayIn(ZONE, new Date());
    const clubId = idFrom("test", "member-programs", "daily-club", orgId);
    const meta = (commandId: string) => ({ commandId, organizationId: orgId, actorId: null, correlationId: commandId });
    const club = await createProgram(
      { store: app.app.core.store, clock: systemClock },
      {
        type: "CreateProgram",
        data: {
          programId: clubId,
          organizationId: orgId,
          name: "Daily Reading Club",
          type: "registered",
          schedule: { kind: "weekly", days: [0, 1, 2, 3, 4, 5, 6], startDate: addDays(today, -7), endDate: addDays(today, 7) },
          startTime: "12:00",
          endTime: "13:00",
          location: "Library",
        },
        metadata: meta(idFrom("test", "member-programs", "create", clubId)),
      },
    );
    expect(club.ok).toBe(true);
    for (const m of withOne) {
      const joined = await registerParticipantToProgram(
        { store: app.app.core.store, clock: systemClock },
        { type: "RegisterParticipantToProgram", data: { programId: clubId, participantId: m.id }, metadata: meta(idFrom("test", "member-programs", "join", clubId, m.id)) },
      );
      expect(joined.ok).toBe(true);
    }
    // and on a Saturday every demo member has a program: a member of this test's own has none
    const seed = demoParticipant(demoOrganizations[1], 4321, 5000, new Date());
    seed.input.status = "Active";
    seed.waiver = { at: new Date(), by: "Test Parent" };
    const fresh = await createParticipant({ store: app.app.core.store, clock: systemClock }, seed);
    await waitForProjections(app.baseUrl);
    const before = await board();
    // two members registered to two or more of today's programs, and one registered to none of them
    const severalOf = (answer: BoardAnswer) => members.filter((m) => m.is_waiver_signed && onBoard(answer, m.id).length >= 2);
    const [withSeveral, withDropIn] = severalOf(before);
    const withNone: Member = { id: fresh.participantId, member_id: fresh.memberId, full_name: `${seed.input.firstName} ${seed.input.lastName}`, is_waiver_signed: true };
    expect(onBoard(before, withNone.id)).toEqual([]);
    expect(withSeveral && withDropIn && withNone).toBeTruthy();

    // the drop-in open to all becomes one member's program only when they register to it
    const { organization_id: organizationId } = await db.selectFrom("rm_participants").select("organization_id").where("id", "=", withDropIn!.id).executeTakeFirstOrThrow();
    const commandId = idFrom("test", "register-drop-in", withDropIn!.id);
    const registered = await registerParticipantToProgram(
      { store: app.app.core.store, clock: systemClock },
      {
        type: "RegisterParticipantToProgram",
        data: { programId: demoProgramId(organizationId, "open-gym"), participantId: withDropIn!.id },
        metadata: { commandId, organizationId, actorId: null, correlationId: commandId },
      },
    );
    expect(registered.ok).toBe(true);

    for (const m of [withSeveral!, withDropIn!, withNone]) {
      const response = await admin.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in", pick_up_name: "" } });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    await waitForProjections(app.baseUrl);
    const after = await board();

    const asked = await admin.request("POST", "/api/export", { body: { kind: "check-ins", filters: { from: today, to: today, timeZone: ZONE } } });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { id } = ((await asked.json()) as { data: { id: string } }).data;
    let done: { status: string; download_url?: string } | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && done?.status !== "Completed"; await new Promise((r) => setTimeout(r, 100))) {
      done = ((await (await admin.request("GET", "/api/export")).json()) as { data: { id: string; status: string; download_url?: string }[] }).data.find((e) => e.id === id);
      expect(done?.status).not.toBe("Failed");
    }
    const rows = await parseExportCsv(await (await admin.request("GET", done!.download_url!)).text());
    const column = rows[0]!.indexOf("Program Registered");
    expect(column).toBeGreaterThan(0);
    const inCsv = (m: Member) => rows.find((r) => r[0] === m.member_id)![column]!;

    for (const m of [withSeveral!, withDropIn!, withNone]) {
      const shown = onBoard(after, m.id);
      expect(await inDialog(m.id), m.full_name).toEqual(shown);
      expect(inCsv(m), m.full_name).toBe(shown.join(", "));
    }
    expect(onBoard(after, withSeveral!.id).length).toBeGreaterThanOrEqual(2);
    expect(onBoard(after, withDropIn!.id)).toContain("Open Gym");
    expect(onBoard(after, withDropIn!.id).length).toBeGreaterThanOrEqual(3);
    expect(onBoard(after, withSeveral!.id)).not.toContain("Open Gym");
    expect(onBoard(after, withNone.id)).toEqual([]);
    expect(inCsv(withNone)).toBe("");
  });
});
