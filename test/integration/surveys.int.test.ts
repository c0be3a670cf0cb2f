import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { NO_PARTICIPANTS_TEXT } from "../../modules/surveys";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Survey = { id: string; name: string; status: string; version: number; completions: number; partial_completions: number; pages: unknown[] };
type ResponseView = { survey: { id: string; version: number; pages: { elements: unknown[] }[] }; participant: { id: string; name: string }; answers: Record<string, unknown>; last_page: number; completed: boolean; completed_date: string | null };
type Report = {
  survey: Survey;
  questions: { item_code: string; question_id: string; question_text: string; type: string }[];
  participants: { participant_id: string; first_name?: string; dob?: string; completed: boolean; completed_date: string | null; answers: { item_code: string; answer_label: string; answer_value: unknown }[] }[];
  count: number;
  empty_text: string | null;
  distribution: { item_code: string; answers: { answer_label: string; count: number }[] }[];
};

/** Maya, the demo parent's first child, has her own account (child1@<domain>); Leo is the second. */
const MAYA = idFrom("demo", "participant", idFrom("demo", "organization", "northside-youth-centre"), "child", 1);
const LEO = idFrom("demo", "participant", idFrom("demo", "organization", "northside-youth-centre"), "child", 2);

/** Parents answer for children under 13 (decision 117): parent@ for Maya (9) and Leo (12). */
const definition = (name: string, parentsAnswerUnder: number | null = 13) => ({
  name,
  description: "How the season went.",
  age_min: 5,
  age_max: 18,
  genders: [],
  parents_answer_under: parentsAnswerUnder,
  pages: [
    {
      title: "Feelings",
      elements: [
        { type: "section_text", text: "Think about the last month." },
        { type: "rating", item_code: "FEEL_1", text: "I feel good about myself", required: true, scale: 5 },
        { type: "single_choice", item_code: "SPORT", text: "Favourite activity", options: [{ label: "Basketball", value: "bb" }, { label: "Art", value: "art" }] },
      ],
    },
    {
      title: "More",
      elements: [
        { type: "multiple_choice", item_code: "DAYS", text: "Days you come", options: [{ label: "Monday", value: "mon" }, { label: "Friday", value: "fri" }] },
        { type: "long_text", item_code: "NOTE", text: "Anything else?" },
        { type: "number", item_code: "HOURS", text: "Hours a week" },
      ],
    },
  ],
});

/**
 * Surveys (decision 074) over HTTP on real PostgreSQL and Redis: build, publish, a member answers page by page
 * (partial, resume, submit once), the report's fields, a parent for a child, another member's answers 404,
 * another organization 404, no permission 403, bad input 400, versions after answers.
 */
describe("surveys, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, maple: HttpClient, coach: HttpClient, maya: HttpClient, parent: HttpClient, leo: HttpClient;
  let surveyId: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };

  beforeAll(async () => {
    app = await startInProcessApp("surveys");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, maple, coach, maya, parent, leo] = Array.from({ length: 6 }, () => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await maple.signIn("admin@maple.demo");
    await coach.signIn("coach@northside.demo");
    await maya.signIn("child1@northside.demo");
    await parent.signIn("parent@northside.demo");
    await leo.signIn("child2@northside.demo");
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("the demo's pre and post surveys are on the summary list with their completions", async () => {
    const list = await json<{ data: Survey[]; count: number }>(await admin.request("GET", "/api/survey?size=100"));
    const demo = list.data.filter((s) => s.name.startsWith("Wellbeing check"));
    expect(demo.map((s) => s.name).sort()).toEqual(["Wellbeing check (post)", "Wellbeing check (pre)"]);
    for (const s of demo) expect(s.completions).toBeGreaterThan(100);
    expect(list.data[0]).toEqual(expect.objectContaining({ id: expect.any(String), age_min: expect.anything(), genders: expect.any(Array), start_date: expect.anything(), end_date: expect.anything(), partial_completions: expect.any(Number) }));
  });

  it("builds, publishes; a member answers page 1, resumes, submits once; the report has the spec's fields", async () => {
    const created = await json<{ message: string; data: Survey }>(await admin.request("POST", "/api/survey", { body: definition("Season check") }));
    expect(created).toMatchObject({ message: "Survey successfully created", data: { status: "Draft", version: 1 } });
    surveyId = created.data.id;
    // a draft is nobody's to answer
    expect(await json<Failure>(await maya.request("GET", `/api/survey/${surveyId}/response`), 404)).toMatchObject({ code: "SURVEY_NOT_FOUND" });
    expect((await json<{ data: Survey }>(await admin.request("POST", `/api/survey/${surveyId}/publish`))).data.status).toBe("Published");
    expect(await json<Failure>(await admin.request("POST", `/api/survey/${surveyId}/publish`), 409)).toEqual({ code: "SURVEY_CONFLICT", message: "This survey is published already" });

    const open = await json<{ data: { id: string; participant_id: string; status: string }[] }>(await maya.request("GET", "/api/survey/open"));
    expect(open.data).toContainEqual(expect.objectContaining({ id: surveyId, participant_id: MAYA, status: "Not started" }));

    const page1 = await json<{ message: string; data: ResponseView }>(await maya.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 1, answers: { FEEL_1: 4, SPORT: "art" } } }));
    expect(page1.message).toBe("Your answers are saved");
    expect(page1.data).toMatchObject({ participant: { id: MAYA }, answers: { FEEL_1: 4, SPORT: "art" }, last_page: 1, completed: false });
    // resume (another device: a new session)
    const again = new HttpClient(app.baseUrl);
    await again.signIn("child1@northside.demo");
    const resumed = await json<ResponseView>(await again.request("GET", `/api/survey/${surveyId}/response`));
    expect(resumed).toMatchObject({ answers: { FEEL_1: 4, SPORT: "art" }, last_page: 1, completed: false });
    const partial = await json<Survey>(await admin.request("GET", `/api/survey/${surveyId}`));
    expect(partial).toMatchObject({ completions: 0, partial_completions: 1 });

    // a bad page keeps what was saved
    expect(await json<Failure>(await maya.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 2, answers: { HOURS: "lots" } } }), 400)).toEqual({ code: "VALIDATION", message: "Answer to 'HOURS' must be a number" });
    expect((await json<ResponseView>(await maya.request("GET", `/api/survey/${surveyId}/response`))).answers).toEqual({ FEEL_1: 4, SPORT: "art" });

    const done = await json<{ message: string; data: ResponseView }>(await maya.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 2, answers: { DAYS: ["mon", "fri"], NOTE: "Great season", HOURS: 6 }, submit: true } }));
    expect(done.message).toBe("Thank you: your answers are submitted");
    expect(done.data).toMatchObject({ completed: true, completed_date: expect.any(String), last_page: 2 });
    expect(await json<Failure>(await maya.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 2, answers: {}, submit: true } }), 409)).toEqual({ code: "SURVEY_CONFLICT", message: "This survey has been submitted already" });

    const report = await json<Report>(await admin.request("GET", `/api/survey/${surveyId}/report`));
    expect(report.survey).toMatchObject({ id: surveyId, completions: 1, partial_completions: 0 });
    expect(report.questions.map((q) => q.item_code)).toEqual(["FEEL_1", "SPORT", "DAYS", "NOTE", "HOURS"]);
    expect(report.questions[0]).toEqual(expect.objectContaining({ item_code: "FEEL_1", question_id: `${surveyId}:FEEL_1`, question_text: "I feel good about myself", type: "rating" }));
    expect(report.count).toBe(1);
    expect(report.empty_text).toBeNull();
    const [row] = report.participants;
    expect(row).toMatchObject({ participant_id: MAYA, first_name: "Maya", completed: true, completed_date: expect.any(String) });
    expect(row!.answers).toEqual([
      { item_code: "FEEL_1", answer_label: "4", answer_value: 4 },
      { item_code: "SPORT", answer_label: "Art", answer_value: "art" },
      { item_code: "DAYS", answer_label: "Monday; Friday", answer_value: ["mon", "fri"] },
      { item_code: "NOTE", answer_label: "Great season", answer_value: "Great season" },
      { item_code: "HOURS", answer_label: "6", answer_value: 6 },
    ]);
    expect(report.distribution.find((d) => d.item_code === "FEEL_1")!.answers.map((a) => a.count)).toEqual([0, 0, 0, 1, 0]);
    expect(report.distribution.find((d) => d.item_code === "DAYS")!.answers).toEqual([expect.objectContaining({ answer_label: "Monday", count: 1 }), expect.objectContaining({ answer_label: "Friday", count: 1 })]);
  });

  it("a parent answers for a child; a member cannot read another member's answers (404)", async () => {
    const byParent = await json<{ data: ResponseView }>(await parent.request("PUT", `/api/survey/${surveyId}/response`, { body: { participant_id: LEO, page: 1, answers: { FEEL_1: 2 } } }));
    expect(byParent.data).toMatchObject({ participant: { id: LEO }, answers: { FEEL_1: 2 } });
    expect(await json<ResponseView>(await leo.request("GET", `/api/survey/${surveyId}/response`))).toMatchObject({ participant: { id: LEO }, answers: { FEEL_1: 2 } });
    expect(await json<Failure>(await leo.request("GET", `/api/survey/${surveyId}/response?participant_id=${MAYA}`), 404)).toEqual({ code: "PARTICIPANT_NOT_FOUND", message: "Participant not found" });
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { participant_id: MAYA, page: 1, answers: { FEEL_1: 1 } } }), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    // staff do not answer; members do not read reports
    expect((await admin.request("GET", `/api/survey/${surveyId}/response`)).status).toBe(403);
    expect((await maya.request("GET", `/api/survey/${surveyId}/report`)).status).toBe(403);
  });

  it("parents answer only when the survey says so, for children under its age (decision 117): 403 otherwise, and the open list agrees", async () => {
    const openTo = async (client: HttpClient, id: string) => (await json<{ data: { id: string; participant_id: string }[] }>(await client.request("GET", "/api/survey/open"))).data.filter((s) => s.id === id).map((s) => s.participant_id);
    // members only (the default): a parent is refused for either child; each child answers for themselves
    const membersOnly = await json<{ data: Survey & { parents_answer_under: number | null } }>(await admin.request("POST", "/api/survey", { body: { ...definition("Members only"), parents_answer_under: undefined } }));
    expect(membersOnly.data.parents_answer_under).toBeNull();
    await json(await admin.request("POST", `/api/survey/${membersOnly.data.id}/publish`));
    for (const child of [MAYA, LEO]) {
      expect(await json<Failure>(await parent.request("PUT", `/api/survey/${membersOnly.data.id}/response`, { body: { participant_id: child, page: 1, answers: { FEEL_1: 2 } } }), 403)).toEqual({
        code: "SURVEY_NOT_FOR_PARENTS",
        message: "Members answer this survey themselves: it does not let parents answer for their children",
      });
    }
    expect(await openTo(parent, membersOnly.data.id)).toEqual([]);
    expect(await openTo(maya, membersOnly.data.id)).toEqual([MAYA]);
    expect((await json<{ data: ResponseView & { open: boolean } }>(await maya.request("PUT", `/api/survey/${membersOnly.data.id}/response`, { body: { page: 1, answers: { FEEL_1: 5 } } }))).data).toMatchObject({ participant: { id: MAYA }, open: true });
    // under 10: the parent answers for Maya (9), not for Leo (12), who answers himself
    const underTen = await json<{ data: Survey & { parents_answer_under: number | null } }>(await admin.request("POST", "/api/survey", { body: definition("Under ten", 10) }));
    expect(underTen.data.parents_answer_under).toBe(10);
    await json(await admin.request("POST", `/api/survey/${underTen.data.id}/publish`));
    expect(await openTo(parent, underTen.data.id)).toEqual([MAYA]);
    expect(await openTo(leo, underTen.data.id)).toEqual([LEO]);
    expect((await json<{ data: ResponseView }>(await parent.request("PUT", `/api/survey/${underTen.data.id}/response`, { body: { participant_id: MAYA, page: 1, answers: { FEEL_1: 3 } } }))).data).toMatchObject({ participant: { id: MAYA }, answers: { FEEL_1: 3 } });
    expect(await json<Failure>(await parent.request("PUT", `/api/survey/${underTen.data.id}/response`, { body: { participant_id: LEO, page: 1, answers: { FEEL_1: 2 } } }), 403)).toEqual({
      code: "SURVEY_NOT_FOR_PARENTS",
      message: "Parents answer this survey only for children under 10: this member answers it themselves",
    });
    // the refusal saved nothing; reading Leo's response, the parent sees it is not open to them
    expect(await json<ResponseView & { open: boolean; parents_answer_under: number; parent_refusal: string | null }>(await parent.request("GET", `/api/survey/${underTen.data.id}/response?participant_id=${LEO}`))).toMatchObject({
      answers: {},
      last_page: 0,
      open: false,
      parents_answer_under: 10,
      parent_refusal: "Parents answer this survey only for children under 10: this member answers it themselves",
    });
    expect(await json<{ parent_refusal: string | null }>(await parent.request("GET", `/api/survey/${underTen.data.id}/response?participant_id=${MAYA}`))).toMatchObject({ open: true, parent_refusal: null });
    expect((await json<{ data: ResponseView }>(await leo.request("PUT", `/api/survey/${underTen.data.id}/response`, { body: { page: 1, answers: { FEEL_1: 4 } } }))).data).toMatchObject({ participant: { id: LEO }, answers: { FEEL_1: 4 } });
    // bad input: the age's range, named
    expect(await json<Failure>(await admin.request("POST", "/api/survey", { body: definition("Adults", 19) }), 400)).toMatchObject({ code: "VALIDATION", message: "Parents answer for children under an age of at most 18" });
    expect(await json<Failure>(await admin.request("POST", "/api/survey", { body: { ...definition("Words"), parents_answer_under: "ten" } }), 400)).toMatchObject({ code: "VALIDATION", message: "Parents answer for children under: a whole number, or null" });
  });

  it("another organization's survey is 404; without 'create survey' 403; bad input 400 naming the field", async () => {
    for (const [method, path] of [["GET", `/api/survey/${surveyId}`], ["GET", `/api/survey/${surveyId}/report`], ["POST", `/api/survey/${surveyId}/close`], ["PUT", `/api/survey/${surveyId}`]] as const) {
      expect(await json<Failure>(await maple.request(method, path, { body: method === "PUT" ? definition("x") : undefined }), 404), `${method} ${path}`).toEqual({ code: "SURVEY_NOT_FOUND", message: "Survey not found" });
    }
    expect((await maple.request("GET", "/api/survey/not-a-uuid")).status).toBe(404);
    const forbidden = await json<Failure>(await coach.request("POST", "/api/survey", { body: definition("Coach's") }), 403);
    expect(forbidden.code).toBeTruthy();
    expect((await coach.request("GET", `/api/survey/${surveyId}/report`)).status).toBe(403);

    const bad = (body: unknown) => admin.request("POST", "/api/survey", { body });
    expect(await json<Failure>(await bad({ ...definition("No name"), name: "" }), 400)).toMatchObject({ code: "VALIDATION", message: "Name is required" });
    expect(await json<Failure>(await bad({ ...definition("Upside"), age_min: 14, age_max: 10 }), 400)).toMatchObject({ message: "Maximum age must be at least the minimum age" });
    expect(await json<Failure>(await bad({ ...definition("Empty"), pages: [{ elements: [{ type: "section_text", text: "Hi" }] }] }), 400)).toMatchObject({ message: "A survey needs at least one question" });
    expect(await json<Failure>(await bad({ ...definition("Dup"), pages: [{ elements: [{ type: "short_text", item_code: "A", text: "a" }, { type: "short_text", item_code: "A", text: "b" }] }] }), 400)).toMatchObject({
      message: "Item code 'A' is used twice; item codes must be unique in a survey",
    });
    expect(await json<Failure>(await bad({ ...definition("No options"), pages: [{ elements: [{ type: "single_choice", item_code: "C", text: "c", options: [] }] }] }), 400)).toMatchObject({ message: "Question 'C' is a choice question with no options" });
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 1, answers: { NOPE: 1 } } }), 400)).toEqual({ code: "VALIDATION", message: "Question 'NOPE' is not in this survey" });
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 2, answers: { NOTE: "x".repeat(5001) } } }), 400)).toMatchObject({ message: "Answer to 'NOTE' must be at most 5000 characters" });
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: "one" } }), 400)).toMatchObject({ message: "Page must be a number" });
  });

  it("with answers, a survey gains questions as a new version (old answers keep theirs), never loses one; closed takes no answers", async () => {
    const more = definition("Season check");
    more.pages[1]!.elements.push({ type: "date", item_code: "JOINED", text: "When did you join?" } as never);
    const v2 = await json<{ data: Survey }>(await admin.request("PUT", `/api/survey/${surveyId}`, { body: more }));
    expect(v2.data.version).toBe(2);
    const fewer = { ...definition("Season check"), pages: [definition("x").pages[0]] };
    expect(await json<Failure>(await admin.request("PUT", `/api/survey/${surveyId}`, { body: fewer }), 409)).toMatchObject({ code: "SURVEY_CONFLICT" });
    // Leo began on version 1: JOINED is not in his version
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 2, answers: { JOINED: "2025-09-01" } } }), 400)).toMatchObject({ message: "Question 'JOINED' is not in this survey" });
    const report = await json<Report>(await admin.request("GET", `/api/survey/${surveyId}/report`));
    expect(report.questions.map((q) => q.item_code)).toContain("JOINED");
    expect(report.survey).toMatchObject({ completions: 1, partial_completions: 1 });
    await json(await admin.request("POST", `/api/survey/${surveyId}/close`));
    expect(await json<Failure>(await leo.request("PUT", `/api/survey/${surveyId}/response`, { body: { page: 1, answers: { FEEL_1: 3 } } }), 409)).toEqual({ code: "SURVEY_CONFLICT", message: "This survey is closed" });
    expect((await json<{ data: { id: string }[] }>(await leo.request("GET", "/api/survey/open"))).data.map((s) => s.id)).not.toContain(surveyId);
  });

  it("a survey nobody answered says so", async () => {
    const created = await json<{ data: Survey }>(await admin.request("POST", "/api/survey", { body: definition("Quiet one") }));
    const report = await json<Report>(await admin.request("GET", `/api/survey/${created.data.id}/report`));
    expect(report).toMatchObject({ count: 0, participants: [], empty_text: NO_PARTICIPANTS_TEXT });
  });
});
