import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom, newId } from "../../modules/kernel";
import { todayIn } from "../../modules/organizations";
import { DAILY_SCREENING_ORGANIZATION_ID, DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string; is_waiver_signed: boolean; pick_up_permission: string };
const INDEPENDENT = "Child may travel to and from the facility independently";
const maple = demoOrganizations.find((o) => o.id === DAILY_SCREENING_ORGANIZATION_ID)!;
const northside = demoOrganizations.find((o) => o.id !== DAILY_SCREENING_ORGANIZATION_ID)!;
const maya = idFrom("demo", "participant", maple.id, "child", 1);
const leo = idFrom("demo", "participant", maple.id, "child", 2);
const northChild = idFrom("demo", "participant", northside.id, "child", 1);

const allNo = [
  { question_id: "symptoms", answer: "NO" },
  { question_id: "contact", answer: "NO" },
  { question_id: "isolate", answer: "NO" },
];
const oneYes = allNo.map((a) => (a.question_id === "symptoms" ? { ...a, answer: "YES" } : a));

describe("daily screening over the API on real PostgreSQL", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  let members: Member[];
  const as = (who: string) => clients[who]!;
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  const used = new Set<string>([...DEMO_FLAGGED_PARTICIPANT_IDS, maya, leo]);
  const fresh = () => {
    const found = members.find((m) => !used.has(m.id) && m.is_waiver_signed && m.pick_up_permission === INDEPENDENT)!;
    used.add(found.id);
    return found;
  };
  const memberId = (id: string) => members.find((m) => m.id === id)!.member_id;
  const checkIn = (participantId: string) => as("coach").request("POST", "/api/check-in", { body: { ...day, memberId: memberId(participantId), type: "in" } });
  const screen = (who: string, body: unknown, headers: Record<string, string> = {}) => as(who).request("POST", "/api/note/daily/screening", { body, headers });
  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

  beforeAll(async () => {
    app = await startInProcessApp("screening");
    const { redisUrl } = await testServices();
    const logins = { parent: "parent@maple.demo", maya: "child1@maple.demo", leo: "child2@maple.demo", coach: "coach@maple.demo", admin: "admin@maple.demo", kiosk: "kiosk@maple.demo", northParent: "parent@northside.demo", northAdmin: "admin@northside.demo", superadmin: "superadmin@maple.demo" };
    for (const [key, username] of Object.entries(logins)) {
      await clearSignInLimits(redisUrl);
      clients[key] = new HttpClient(app.baseUrl);
      await clients[key].signIn(username);
    }
    clients.anonymous = new HttpClient(app.baseUrl);
    await clients.anonymous.fetchCsrf();
    const report = (await (await as("admin").request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data;
  }, 120_000);
  afterAll(() => app?.stop());

  it("lists the organization's questions, RADIO and RICHTEXT; signed-in users only, not the kiosk", async () => {
    const { status, body } = await json(await as("parent").request("GET", "/api/note/screening/questions"));
    expect(status).toBe(200);
    const data = body.data as { id: string; type: string; options: string[] }[];
    expect(body.count).toBe(4);
    expect(data.map((q) => [q.id, q.type])).toEqual([["intro", "RICHTEXT"], ["symptoms", "RADIO"], ["contact", "RADIO"], ["isolate", "RADIO"]]);
    expect(data[1]!.options).toEqual(["YES", "NO"]);
    expect((await as("anonymous").request("GET", "/api/note/screening/questions")).status).toBe(401);
    expect((await as("kiosk").request("GET", "/api/note/screening/questions")).status).toBe(403);
  });

  it("gives a parent today's state of their children, and says who must be prompted", async () => {
    const { status, body } = await json(await as("parent").request("GET", "/api/note/daily/screening"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ date: todayIn(maple.timeZone, new Date()), is_daily_screening_form: true });
    expect(body.users).toEqual([
      expect.objectContaining({ user_id: leo, name: "Leo Maple", showScreening: true, isFlagged: false, hasfilled: false }),
      expect.objectContaining({ user_id: maya, name: "Maya Maple", showScreening: true, isFlagged: false, hasfilled: false }),
    ]);
    const self = await json(await as("maya").request("GET", "/api/note/daily/screening"));
    expect((self.body.users as { user_id: string }[]).map((u) => u.user_id)).toEqual([maya]);
    const north = await json(await as("northParent").request("GET", "/api/note/daily/screening"));
    expect(north.body).toMatchObject({ is_daily_screening_form: false });
    expect((north.body.users as { showScreening: boolean }[]).every((u) => !u.showScreening)).toBe(true);

    const prompt = await json(await as("parent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [maya, leo] } }));
    expect(prompt).toEqual({
      status: 200,
      body: {
        date: todayIn(maple.timeZone, new Date()),
        users: [
          { user_id: maya, name: "Maya Maple", showScreening: true, isFlagged: false },
          { user_id: leo, name: "Leo Maple", showScreening: true, isFlagged: false },
        ],
        isScreeningRequested: true,
      },
    });
    const northPrompt = await json(await as("northParent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [northChild] } }));
    expect(northPrompt.body).toMatchObject({ isScreeningRequested: false, users: [{ user_id: northChild, showScreening: false }] });
  });

  it("refuses bad input to the prompt call, and people who are not the user's", async () => {
    for (const body of [{}, { user_ids: [] }, { user_ids: "x" }, { user_ids: [""] }]) {
      expect((await as("parent").request("POST", "/api/note/user/daily/screening", { body })).status, JSON.stringify(body)).toBe(400);
    }
    const other = fresh();
    expect((await as("parent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [maya, other.id] } })).status).toBe(404);
    expect((await as("parent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [northChild] } })).status).toBe(404);
    expect((await as("parent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: ["not-an-id"] } })).status).toBe(404);
    expect((await as("coach").request("GET", "/api/note/daily/screening?user_id=not-an-id")).status).toBe(404);
    expect((await as("coach").request("POST", "/api/note/flag/screening", { body: { user_id: "not-an-id" } })).status).toBe(404);
    expect((await as("coach").request("POST", "/api/note/daily/screening", { body: { user_id: "not-an-id", answers: allNo, is_filled: true } })).status).toBe(404);
    expect((await as("coach").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [other.id] } })).status).toBe(200);
    expect((await as("anonymous").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [maya] } })).status).toBe(401);
  });

  it("gates check-in: refused before the screening with a readable message, passed after a clean one filled on the person's behalf", async () => {
    const m = fresh();
    const before = await json(await checkIn(m.id));
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ code: "SCREENING_NOT_FILLED", message: expect.stringMatching(/has not completed today's health screening$/) });
    const detail = await json(await as("coach").request("GET", `/api/participant/${m.id}`));
    expect(detail.body).toMatchObject({ hasfilled: false });
    // check-out eligibility (spec-1 section 5) is refused for the same reason
    const eligibility = await json(await as("coach").request("POST", "/api/check-in/participant", { body: { ...day, memberId: m.member_id, type: "out" } }));
    expect(eligibility).toMatchObject({ status: 409, body: { code: "SCREENING_NOT_FILLED" } });

    const filled = await json(await screen("coach", { user_id: m.id, answers: allNo, is_filled: true }));
    expect(filled).toMatchObject({ status: 200, body: { failed: false, message: "Success!", data: [{ user_id: m.id, is_filled: true, failed: false, isFlagged: false }] } });
    expect((await json(await as("coach").request("GET", `/api/participant/${m.id}`))).body).toMatchObject({ hasfilled: true, is_flagged: false });
    expect((await checkIn(m.id)).status).toBe(200);
  });

  it("a YES raises a stop flag (a System Generated 'Flagged Member' note) and refuses check-in until the flag is resolved", async () => {
    const key = newId();
    const failed = await json(await screen("parent", { user_id: maya, answers: oneYes, is_filled: true }, { "Idempotency-Key": key }));
    expect(failed).toMatchObject({ status: 200, body: { failed: true, message: "Follow Up Required", data: [{ user_id: maya, is_filled: true, failed: true, isFlagged: true }] } });
    // a resend is answered from the first one and raises nothing twice
    expect((await json(await screen("parent", { user_id: maya, answers: oneYes, is_filled: true }, { "Idempotency-Key": key }))).status).toBe(200);
    const flags = await json(await as("admin").request("GET", `/api/note/flag/user?participant_id=${maya}`));
    expect(flags.body.count).toBe(1);
    expect((flags.body.data as unknown[])[0]).toMatchObject({ type: "stop", status: "Active", message: "Flagged Member", flagged_by_name: "System Generated" });

    const refused = await json(await checkIn(maya));
    expect(refused).toMatchObject({ status: 409, body: { code: "MEMBER_FLAGGED", message: expect.stringContaining("did not pass") } });
    const lookup = await json(await as("kiosk").request("POST", "/api/participant/member", { body: { member_id: memberId(maya) } }));
    expect(lookup.body).toMatchObject({ is_flagged: true });
    const prompt = await json(await as("parent").request("POST", "/api/note/user/daily/screening", { body: { user_ids: [maya] } }));
    expect(prompt.body).toMatchObject({ users: [{ user_id: maya, showScreening: false, isFlagged: true }], isScreeningRequested: true });

    // POST /api/note/flag/screening raises nothing more: the flag is there
    const ensured = await json(await as("parent").request("POST", "/api/note/flag/screening", { body: { user_id: maya } }));
    expect(ensured).toMatchObject({ status: 200, body: { user_id: maya, isFlagged: true } });
    expect((await json(await as("admin").request("GET", `/api/note/flag/user?participant_id=${maya}`))).body.count).toBe(1);

    const resolved = await as("admin").request("POST", "/api/note/flag", { body: { user_id: maya, message: "Spoke with the parent: no fever", type: "stop", action: "Unflag" } });
    expect(resolved.status).toBe(200);
    expect((await checkIn(maya)).status).toBe(200);
    // asking again after the resolution does not raise the same flag again
    expect((await as("admin").request("POST", "/api/note/flag/screening", { body: { user_id: maya } })).status).toBe(200);
    expect((await json(await as("admin").request("GET", `/api/note/flag/user?participant_id=${maya}&type=stop`))).body.data).toEqual([expect.objectContaining({ status: "Resolved" })]);
  });

  it("a clean screening by a parent passes; the day cannot be filled twice", async () => {
    const ok = await json(await screen("parent", [{ user_id: leo, answers: allNo, is_filled: true }]));
    expect(ok).toMatchObject({ status: 200, body: { failed: false, message: "Success!" } });
    expect((await checkIn(leo)).status).toBe(200);
    const again = await json(await screen("parent", { user_id: leo, answers: allNo, is_filled: true }));
    expect(again).toMatchObject({ status: 409, body: { code: "SCREENING_ALREADY_FILLED" } });
    expect((await as("parent").request("POST", "/api/note/flag/screening", { body: { user_id: leo } })).status).toBe(409);
  });

  it("refuses bad forms with 400 and appends nothing", async () => {
    const m = fresh();
    const cases: [unknown, string | RegExp][] = [
      [{ user_id: m.id, answers: allNo.slice(1), is_filled: true }, "All fields are mandatory"],
      [{ user_id: m.id, is_filled: true }, "All fields are mandatory"],
      [{ user_id: m.id, answers: [{ question_id: "symptoms", answer: "" }, ...allNo.slice(1)], is_filled: true }, "All fields are mandatory"],
      [{ user_id: m.id, answers: allNo.map((a) => ({ ...a, answer: "MAYBE" })), is_filled: true }, /is not an answer to/],
      [{ user_id: m.id, answers: [...allNo, { question_id: "nope", answer: "NO" }], is_filled: true }, "Unknown question: nope"],
      [{ user_id: m.id, answers: "NO", is_filled: true }, /./],
      [{ user_id: m.id, answers: allNo, is_filled: false }, "A declined screening carries no answers"],
      [{ answers: allNo, is_filled: true }, "Participant is required"],
      [{ user_id: "  ", answers: allNo, is_filled: true }, "Participant is required"],
      [[], "Select at least one participant"],
      [[{ user_id: m.id, answers: allNo }, { user_id: m.id, answers: allNo }], "Each participant may be sent once"],
      ["nope", /./],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await json(await screen("coach", body));
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message).toMatch(message);
    }
    const notJson = await as("coach").request("POST", "/api/note/daily/screening", { body: "{", headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await json(await as("coach").request("GET", `/api/note/daily/screening?user_id=${m.id}`))).body).toMatchObject({ users: [{ user_id: m.id, showScreening: true, status: null }] });
  });

  it("lets a parent fill for their own children only, a participant for themselves only; staff on a person's behalf", async () => {
    const m = fresh();
    expect((await json(await screen("parent", { user_id: m.id, answers: allNo, is_filled: true }))).status).toBe(403);
    expect((await json(await screen("leo", { user_id: maya, answers: allNo, is_filled: true }))).body).toMatchObject({ code: "FORBIDDEN" });
    expect((await json(await screen("superadmin", { user_id: m.id, answers: allNo, is_filled: true }))).status).toBe(403);
    expect((await json(await screen("northAdmin", { user_id: m.id, answers: allNo, is_filled: true }))).status).toBe(404);
    expect((await json(await screen("northParent", { user_id: northChild, answers: allNo, is_filled: true }))).body).toMatchObject({ code: "SCREENING_OFF" });
    expect((await screen("kiosk", { user_id: m.id, answers: allNo, is_filled: true })).status).toBe(403);
    expect((await screen("anonymous", { user_id: m.id, answers: allNo, is_filled: true })).status).toBe(401);
    expect((await json(await screen("admin", { user_id: m.id, answers: allNo, is_filled: true }))).status).toBe(200);
  });

  it("records a decline with only user_id: no more prompt today, and check-in stays refused", async () => {
    const m = fresh();
    const declined = await json(await screen("coach", { user_id: m.id }));
    expect(declined).toMatchObject({ status: 200, body: { failed: false, message: "Thank you for letting us know", data: [{ user_id: m.id, is_filled: false, declined: true }] } });
    expect((await json(await as("coach").request("GET", `/api/note/daily/screening?user_id=${m.id}`))).body).toMatchObject({ users: [{ showScreening: false, hasfilled: false, status: "Declined" }] });
    expect((await json(await checkIn(m.id))).body).toMatchObject({ code: "SCREENING_NOT_FILLED" });
    // staff can still fill it now
    expect((await screen("coach", { user_id: m.id, answers: allNo, is_filled: true })).status).toBe(200);
    expect((await checkIn(m.id)).status).toBe(200);
  });

  it("lists the organization's participants not screened today for staff (the board), declines marked", async () => {
    type Listed = { date: string; users: { user_id: string; status: string | null }[] };
    const list = async () => (await json(await as("coach").request("GET", "/api/note/daily/screening?not_screened=true"))).body as unknown as Listed;
    const before = await list();
    expect(before.date).toBe(todayIn(maple.timeZone, new Date()));
    const ids = before.users.map((u) => u.user_id);
    // filled today by the earlier tests: not listed
    expect(ids).not.toContain(maya);
    expect(ids).not.toContain(leo);
    const m = fresh();
    expect(ids).toContain(m.id);
    await screen("coach", { user_id: m.id });
    expect((await list()).users.find((u) => u.user_id === m.id)).toMatchObject({ status: "Declined" });
    await screen("coach", { user_id: m.id, answers: allNo, is_filled: true });
    const after = await list();
    expect(after.users.map((u) => u.user_id)).not.toContain(m.id);
    expect(after.users.length).toBe(before.users.length - 1);
    expect((await as("parent").request("GET", "/api/note/daily/screening?not_screened=true")).status).toBe(403);
  });

  it("lets an admin replace the questions; others may not", async () => {
    const questions = [
      { id: "fever", label: "Do you have a fever today?", type: "RADIO", options: ["YES", "NO"] },
      { id: "note", label: "Note", type: "RICHTEXT", section_text: "Thank you for keeping everyone safe." },
    ];
    expect((await as("coach").request("PUT", "/api/note/screening/questions", { body: { questions } })).status).toBe(403);
    expect((await as("admin").request("PUT", "/api/note/screening/questions", { body: { questions: [] } })).status).toBe(400);
    const saved = await json(await as("admin").request("PUT", "/api/note/screening/questions", { body: { questions } }));
    expect(saved).toMatchObject({ status: 200, body: { message: "Screening questions successfully updated" } });
    const listed = await json(await as("parent").request("GET", "/api/note/screening/questions"));
    expect((listed.body.data as { id: string }[]).map((q) => q.id)).toEqual(["fever", "note"]);
    // Northside keeps its own
    expect((await json(await as("northParent").request("GET", "/api/note/screening/questions"))).body.count).toBe(4);
  });
});
