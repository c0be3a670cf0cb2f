import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string; is_waiver_signed: boolean; pick_up_permission: string };
const INDEPENDENT = "Child may travel to and from the facility independently";

describe("flags over the API on real PostgreSQL", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let members: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  const used = new Set<string>(DEMO_FLAGGED_PARTICIPANT_IDS);
  /** an unflagged member with a signed waiver who travels alone, not used by an earlier test */
  const fresh = () => {
    const found = members.find((m) => !used.has(m.id) && m.is_waiver_signed && m.pick_up_permission === INDEPENDENT)!;
    used.add(found.id);
    return found;
  };
  const flag = (client: HttpClient, body: Record<string, unknown>) => client.request("POST", "/api/note/flag", { body });
  const checkIn = (m: Member, type: "in" | "out" = "in") => coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type, pick_up_name: "" } });

  beforeAll(async () => {
    app = await startInProcessApp("flags");
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data;
  }, 120_000);
  afterAll(() => app?.stop());

  it("a stop flag refuses the very next check-in; unflagging lets the next one pass", async () => {
    const m = fresh();
    const raised = await flag(coach, { user_id: m.id, message: "Fever reported by parent this morning", type: "stop", action: "Flag" });
    expect(raised.status, await raised.clone().text()).toBe(200);
    expect(await raised.json()).toMatchObject({ message: "Participant flagged successfully" });
    const refused = await checkIn(m);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "MEMBER_FLAGGED", message: expect.stringContaining("did not pass") });

    const lookup = await coach.request("POST", "/api/participant/member", { body: { member_id: m.member_id } });
    expect(await lookup.json()).toMatchObject({ is_flagged: true, is_warned: false });

    const resolved = await flag(admin, { user_id: m.id, message: "Cleared by the nurse", type: "stop", action: "Unflag" });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({ message: "Participant successfully unflagged" });
    expect((await checkIn(m)).status).toBe(200);

    // the read model follows the store a few milliseconds behind: ask until the resolution shows (2 s at most)
    type History = { count: number; data: { status: string; message: string; resolution_message: string | null }[] };
    let body: History = { count: 0, data: [] };
    for (const deadline = Date.now() + 2_000; Date.now() < deadline && body.data[0]?.status !== "Resolved"; await new Promise((r) => setTimeout(r, 20))) {
      body = (await (await admin.request("GET", `/api/note/flag/user?participant_id=${m.id}&type=stop`)).json()) as History;
    }
    expect(body).toMatchObject({ count: 1, data: [{ status: "Resolved", message: "Fever reported by parent this morning", resolution_message: "Cleared by the nurse" }] });
  });

  it("a warn flag does not block; the participant view shows it", async () => {
    const m = fresh();
    expect((await flag(coach, { user_id: m.id, message: "Allergy action plan updated: check EpiPen", type: "warn", action: "Flag" })).status).toBe(200);
    expect((await checkIn(m)).status).toBe(200);
    const lookup = await coach.request("POST", "/api/participant/member", { body: { member_id: m.member_id } });
    expect(await lookup.json()).toMatchObject({ is_flagged: false, is_warned: true });
  });

  it("requires a message, a known type and action: 400, nothing appended", async () => {
    const m = fresh();
    const cases: [Record<string, unknown>, string][] = [
      [{ user_id: m.id, message: "  ", type: "stop", action: "Flag" }, "Message is required"],
      [{ user_id: m.id, type: "warn", action: "Flag" }, "Message is required"],
      [{ user_id: m.id, message: "x", type: "red", action: "Flag" }, "Type must be warn or stop"],
      [{ user_id: m.id, message: "x", type: "stop", action: "Toggle" }, "Action must be Flag or Unflag"],
      [{ message: "x", type: "stop", action: "Flag" }, "User ID is required"],
    ];
    for (const [body, message] of cases) {
      const response = await flag(coach, body);
      expect(response.status, message).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION", message });
    }
    expect((await app.app.core.store.readStream(`flags-${m.id}`)).events).toHaveLength(0);
    expect((await flag(coach, { user_id: m.id, message: "x", type: "stop", action: "Unflag" })).status).toBe(404);
  });

  it("refuses a second active stop flag (409), and another organization's participant (404)", async () => {
    const m = fresh();
    expect((await flag(coach, { user_id: m.id, message: "First", type: "stop", action: "Flag" })).status).toBe(200);
    const second = await flag(admin, { user_id: m.id, message: "Second", type: "stop", action: "Flag" });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ code: "FLAG_ALREADY_ACTIVE", message: "This member already has an active stop flag" });

    await clearSignInLimits((await testServices()).redisUrl);
    const maple = new HttpClient(app.baseUrl);
    await maple.signIn("admin@maple.demo");
    for (const action of ["Flag", "Unflag"]) {
      const response = await flag(maple, { user_id: m.id, message: "Not ours", type: "stop", action });
      expect(response.status, action).toBe(404);
    }
    expect((await maple.request("GET", `/api/note/flag/user?participant_id=${m.id}`)).status).toBe(404);
  });
});
