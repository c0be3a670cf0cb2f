import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../modules/kernel";
import { checkInStream } from "../../modules/check-in";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { eventually } from "../support/eventually";

type Member = { id: string; member_id: string; first_name: string; last_name: string; is_waiver_signed: boolean; pick_up_permission: string };
const INDEPENDENT = "Child may travel to and from the facility independently";

describe("the check-in calls on real PostgreSQL", () => {
  let app: InProcessApp;
  let coach: HttpClient;
  let admin: HttpClient;
  let members: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  /** the Picked Up By choice: the first person the participant detail lists, by id (docs/decisions/026) */
  const pickUpOf = async (m: Member) => {
    const detail = (await (await coach.request("GET", `/api/participant/${m.id}`)).json()) as { pick_up_people: { id: string }[] };
    return { pick_up_person_id: detail.pick_up_people[0]!.id };
  };
  let next = 0;
  /** a member not used by an earlier test */
  const fresh = (pred: (m: Member) => boolean) => {
    const found = members.slice(next).find((m) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && pred(m))!;
    next = members.indexOf(found) + 1;
    return found;
  };
  const post = (client: HttpClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.request("POST", "/api/check-in", { body: { ...day, ...body }, headers });
  const streamLength = async (m: Member) => (await app.app.core.store.readStream(checkInStream(m.id))).events.length;

  beforeAll(async () => {
    app = await startInProcessApp("checkin");
    await clearSignInLimits((await testServices()).redisUrl);
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data;
    expect(members.length).toBeGreaterThan(100);
  }, 120_000);
  afterAll(() => app?.stop());

  it("checks a member in, shows them on the board, and refuses a second check-in by name", async () => {
    const m = fresh((x) => x.is_waiver_signed);
    const response = await post(coach, { memberId: m.member_id, type: "in" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: `${m.first_name} successfully checked in` });
    const board = await eventually(
      async () => (await (await coach.request("GET", `/api/check-in?type=notYetCheckout&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`)).json()) as { data: { member_id: string }[] },
      (b) => b.data.some((r) => r.member_id === m.member_id),
    );
    expect(board.data.map((r) => r.member_id)).toContain(m.member_id);
    const again = await post(coach, { memberId: m.member_id.toLowerCase(), type: "in" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: "ALREADY_CHECKED_IN", message: `${m.first_name} ${m.last_name} is already checked in` });
  });

  it("sends the day's programs with their registered members beside the board, as each member's dialog lists them", async () => {
    const answer = (await (await coach.request("GET", `/api/check-in?type=notYetCheckout&all=true&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`)).json()) as {
      additional_info: { programs: { id: string; name: string; type: string; start_label: string; participant_ids: string[] }[] };
    };
    const programs = answer.additional_info.programs;
    // the demo's museum trip meets today, whatever the weekday
    const trip = programs.find((p) => p.name === "Museum Trip")!;
    expect(trip).toMatchObject({ type: "partner", start_label: "9:30 AM" });
    expect(trip.participant_ids.length).toBeGreaterThan(10);
    const member = trip.participant_ids[0]!;
    // one answer (decision 038): the dialog lists the board's programs of the member, in the same order;
    // a drop-in open to all is nobody's program until they register (the demo registers nobody to one)
    const detail = (await (await coach.request("GET", `/api/participant/${member}`)).json()) as { programs_and_events: { id: string; type: string }[] };
    expect(detail.programs_and_events.length).toBeGreaterThan(0);
    expect(programs.filter((p) => p.participant_ids.includes(member)).map((p) => p.id)).toEqual(detail.programs_and_events.map((p) => p.id));
    expect(programs.some((p) => p.type === "dropin")).toBe(false);
    const bad = await coach.request("GET", `/api/check-in?type=notYetCheckout&start=yesterday&end=${encodeURIComponent(day.end)}`);
    expect(bad.status).toBe(400);
  });

  it("refuses a member without a signed waiver", async () => {
    const m = fresh((x) => !x.is_waiver_signed);
    const response = await post(coach, { memberId: m.member_id, type: "in" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "WAIVER_NOT_SIGNED", message: expect.stringContaining("has not verified") });
  });

  it("answers bad input with a readable 400 or 404, never a 500", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: "in" }, 400, "Member ID is required"],
      [{ memberId: "ABCD2345", type: "sideways" }, 400, "Type must be in or out"],
      [{ memberId: "ABC", type: "in" }, 400, "Member ID must be at least 5 characters"],
      [{ memberId: "ZZZZ2222", type: "in" }, 404, "No member with ID ZZZZ2222"],
      [{ memberId: "ABCD2345", type: "in", start: day.end, end: day.start }, 400, "End must be after Start"],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(coach, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).message).toBe(message);
    }
    expect((await coach.request("POST", "/api/check-in", { body: "{not json" })).status).toBe(400);
  });

  it("needs the pick-up person to check out a child an adult picks up, and records NA for an independent one", async () => {
    const adult = fresh((x) => x.is_waiver_signed && x.pick_up_permission !== INDEPENDENT);
    expect((await post(coach, { memberId: adult.member_id, type: "in" })).status).toBe(200);
    const missing = await post(coach, { memberId: adult.member_id, type: "out" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ code: "PICK_UP_REQUIRED", message: "Pick Up Person is required" });
    expect((await post(coach, { memberId: adult.member_id, type: "out", ...(await pickUpOf(adult)) })).status).toBe(200);

    const solo = fresh((x) => x.is_waiver_signed && x.pick_up_permission === INDEPENDENT);
    expect((await post(coach, { memberId: solo.member_id, type: "in" })).status).toBe(200);
    expect((await post(coach, { memberId: solo.member_id, type: "out" })).status).toBe(200);
    const all = await eventually(
      async () => (await (await coach.request("GET", `/api/check-in?type=notYetCheckout&all=true&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}&search=${solo.member_id}`)).json()) as { data: { pick_up_name: string; check_out_time: string }[] },
      (b) => !!b.data[0]?.check_out_time,
    );
    expect(all.data[0]).toMatchObject({ pick_up_name: "NA" });
    expect(all.data[0]!.check_out_time).toBeTruthy();
  });

  it("checks out through PUT /api/check-in/{id}", async () => {
    const m = fresh((x) => x.is_waiver_signed && x.pick_up_permission !== INDEPENDENT);
    const checkedIn = (await (await post(coach, { memberId: m.member_id, type: "in" })).json()) as { data: { id: string } };
    const pickUp = await pickUpOf(m);
    const response = await coach.request("PUT", `/api/check-in/${checkedIn.data.id}`, { body: pickUp });
    expect(response.status).toBe(200);
    expect((await coach.request("PUT", `/api/check-in/${checkedIn.data.id}`, { body: pickUp })).status).toBe(409);
    expect((await coach.request("PUT", `/api/check-in/${newId()}`, { body: pickUp })).status).toBe(404);
  });

  it("gives one check-in and one clear refusal when two devices check the same member in at once", async () => {
    const m = fresh((x) => x.is_waiver_signed);
    const [a, b] = await Promise.all([post(coach, { memberId: m.member_id, type: "in" }), post(admin, { memberId: m.member_id, type: "in" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.json()).toMatchObject({ code: "ALREADY_CHECKED_IN" });
    expect(await streamLength(m)).toBe(1);
  });

  it("appends nothing for a resent command (same command id)", async () => {
    const m = fresh((x) => x.is_waiver_signed);
    const key = { "idempotency-key": `kiosk-${newId()}` };
    const first = await post(coach, { memberId: m.member_id, type: "in" }, key);
    const resent = await post(coach, { memberId: m.member_id, type: "in" }, key);
    expect(first.status).toBe(200);
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { data: { replayed: boolean } }).data.replayed).toBe(true);
    expect(await streamLength(m)).toBe(1);
  });

  it("decides from a long history's newest events, and a resend older than those still appends nothing", async () => {
    const m = fresh((x) => x.is_waiver_signed && x.pick_up_permission === INDEPENDENT);
    const oldKey = { "idempotency-key": `kiosk-${newId()}` };
    expect((await post(coach, { memberId: m.member_id, type: "in" }, oldKey)).status).toBe(200);
    expect((await post(coach, { memberId: m.member_id, type: "out" })).status).toBe(200);
    // more visits than a decision reads (CHECK_IN_TAIL)
    for (let i = 0; i < 12; i++) {
      expect((await post(coach, { memberId: m.member_id, type: "in" })).status).toBe(200);
      expect((await post(coach, { memberId: m.member_id, type: "out" })).status).toBe(200);
    }
    expect(await streamLength(m)).toBe(26);
    // the member is out: the first check-in, resent now, is decided again but its event id is stored already
    const resent = await post(coach, { memberId: m.member_id, type: "in" }, oldKey);
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { data: { replayed: boolean } }).data.replayed).toBe(true);
    expect(await streamLength(m)).toBe(26);
    // and the newest events still tell that the member is out, then in
    expect(await (await post(coach, { memberId: m.member_id, type: "out" })).json()).toMatchObject({ code: "NOT_CHECKED_IN" });
    expect((await post(coach, { memberId: m.member_id, type: "in" })).status).toBe(200);
    expect(await (await post(coach, { memberId: m.member_id, type: "in" })).json()).toMatchObject({ code: "ALREADY_CHECKED_IN" });
  });

  it("checks several in at once, member by member", async () => {
    const ok = [fresh((x) => x.is_waiver_signed), fresh((x) => x.is_waiver_signed)];
    const unsigned = fresh((x) => !x.is_waiver_signed);
    const response = await coach.request("POST", "/api/check-in/bulk", { body: { type: "in", data: [...ok, unsigned].map((m) => ({ participant_id: m.id, ...day })) } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: { participant_id: string; ok: boolean; code?: string }[] };
    expect(body.message).toBe("2 of 3 checked in");
    expect(body.data.find((r) => r.participant_id === unsigned.id)).toMatchObject({ ok: false, code: "WAIVER_NOT_SIGNED" });
    expect((await coach.request("POST", "/api/check-in/bulk", { body: { type: "in", data: [] } })).status).toBe(400);
  });

  it("tells whether a check-in would be allowed, without appending", async () => {
    const m = fresh((x) => x.is_waiver_signed);
    const yes = await coach.request("POST", "/api/check-in/participant", { body: { memberId: m.member_id, type: "in", ...day } });
    expect(await yes.json()).toMatchObject({ allowed: true });
    const no = await coach.request("POST", "/api/check-in/participant", { body: { memberId: m.member_id, type: "out", ...day } });
    expect(no.status).toBe(409);
    expect(await streamLength(m)).toBe(0);
  });

  it("pages the JSON export for those allowed to export, up to 1000", async () => {
    expect((await coach.request("GET", "/api/check-in?type=export&page=0&size=10")).status).toBe(403);
    const page = (await (await admin.request("GET", "/api/check-in?type=export&page=0&size=5")).json()) as { data: unknown[]; count: number };
    expect(page.data.length).toBe(5);
    expect(page.count).toBeGreaterThan(5);
    expect((await admin.request("GET", "/api/check-in?type=export&size=1001")).status).toBe(400);
    expect((await admin.request("GET", "/api/check-in?type=other")).status).toBe(400);
  });

  it("treats another organization's member as not found", async () => {
    await clearSignInLimits((await testServices()).redisUrl);
    const maple = new HttpClient(app.baseUrl);
    await maple.signIn("coach@maple.demo");
    const m = fresh((x) => x.is_waiver_signed);
    const response = await post(maple, { memberId: m.member_id, type: "in" });
    expect(response.status).toBe(404);
    expect(await streamLength(m)).toBe(0);
  });
});
