import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Survey = { id: string; status: string; points: number; image_url: string | null; group_ids: string[]; program_ids: string[] };
type ResponseView = { answers: Record<string, unknown>; shown_pages: number[]; completed: boolean; survey: { points: number; image_url: string | null } };
type Report = {
  questions: { item_code: string; question_text: string; type: string; matrix?: string }[];
  participants: { participant_id: string; answers: { item_code: string; answer_label: string; answer_value: unknown }[] }[];
  distribution: { item_code: string; answers: { answer_label: string; count: number }[] }[];
};

const ORG = idFrom("demo", "organization", "northside-youth-centre");
const MAYA = idFrom("demo", "participant", ORG, "child", 1);
const scale = [
  { label: "Disagree", value: "1" },
  { label: "Not sure", value: "2" },
  { label: "Agree", value: "3" },
];

const definition = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: "Builder features.",
  points: 15,
  image: "https://example.org/survey.png",
  pages: [
    {
      title: "You",
      elements: [
        { type: "likert", text: "How far do you agree?", required: true, options: scale, rows: [{ item_code: "L_SAFE", text: "I feel safe here" }, { item_code: "L_HEARD", text: "Staff listen to me" }] },
        { type: "single_choice", item_code: "SPORT", text: "Do you play sport?", required: true, options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }] },
      ],
    },
    { title: "Sport", condition: { item_code: "SPORT", equals: "yes" }, elements: [{ type: "short_text", item_code: "WHICH", text: "Which sport?", required: true }] },
    { title: "End", elements: [{ type: "long_text", item_code: "NOTE", text: "Anything else?" }] },
  ],
  ...extra,
});

/**
 * The survey builder's features (decisions 110 and 111) over HTTP on real PostgreSQL and Redis: the Likert matrix
 * (answered, validated, one report row per item code), a page condition (a hidden page takes no answers, its
 * required question is not required), the audience by user groups and programs, points awarded once on
 * submission, the picture; bad input 400.
 */
describe("survey builder, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, maya: HttpClient;
  let mayaGroup: string, coachGroup: string, mayaProgram: string | undefined, otherProgram: string | undefined;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const query = async <R>(text: string, values: unknown[]) => (await app.app.core.pool.query(text, values)).rows as R[];
  const balance = async () => (await json<{ balance: number }>(await admin.request("GET", `/api/point/balance?participant_id=${MAYA}`))).balance;
  const publish = async (body: unknown) => {
    const created = await json<{ data: Survey }>(await admin.request("POST", "/api/survey", { body }));
    await json(await admin.request("POST", `/api/survey/${created.data.id}/publish`));
    return created.data;
  };
  const openIds = async () => (await json<{ data: { id: string }[] }>(await maya.request("GET", "/api/survey/open"))).data.map((s) => s.id);

  beforeAll(async () => {
    app = await startInProcessApp("survey-builder");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, maya] = [new HttpClient(app.baseUrl), new HttpClient(app.baseUrl)];
    await admin.signIn("admin@northside.demo");
    await maya.signIn("child1@northside.demo");
    mayaGroup = (await query<{ g: string }>("select u.user_group_id as g from rm_users u join rm_participants p on p.user_id = u.id where p.id = $1", [MAYA]))[0]!.g;
    coachGroup = (await query<{ g: string }>("select user_group_id as g from rm_users where email = $1", ["coach@northside.demo"]))[0]!.g;
    const programs = await query<{ id: string; mine: boolean }>(
      "select p.id as id, exists (select 1 from rm_program_registrations r where r.program_id = p.id and r.participant_id = $2) as mine from rm_programs p where p.organization_id = $1",
      [ORG, MAYA],
    );
    mayaProgram = programs.find((p) => p.mine)?.id;
    otherProgram = programs.find((p) => !p.mine)?.id;
  }, 600_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("a Likert matrix and a condition: answered, validated, skipped, submitted once with its points; one report row per item code", async () => {
    const survey = await publish(definition("Builder check", { group_ids: [mayaGroup] }));
    expect(survey).toMatchObject({ points: 15, image_url: "https://example.org/survey.png", group_ids: [mayaGroup] });
    const open = await json<{ data: { id: string; points: number; image_url: string | null }[] }>(await maya.request("GET", "/api/survey/open"));
    expect(open.data).toContainEqual(expect.objectContaining({ id: survey.id, points: 15, image_url: "https://example.org/survey.png" }));
    const url = `/api/survey/${survey.id}/response`;
    const before = await balance();

    expect(await json<Failure>(await maya.request("PUT", url, { body: { page: 1, answers: { L_SAFE: "5" } } }), 400)).toEqual({ code: "VALIDATION", message: "Answer to 'L_SAFE' is not one of its options" });
    const page1 = await json<{ data: ResponseView }>(await maya.request("PUT", url, { body: { page: 1, answers: { L_SAFE: "3", L_HEARD: "2", SPORT: "no" } } }));
    expect(page1.data.shown_pages).toEqual([1, 3]);
    // the hidden page takes no answers; its required question is not required
    expect(await json<Failure>(await maya.request("PUT", url, { body: { page: 2, answers: { WHICH: "Judo" } } }), 400)).toEqual({ code: "VALIDATION", message: "Page 2 is not shown for the answers given: its condition is not met" });
    const done = await json<{ data: ResponseView }>(await maya.request("PUT", url, { body: { page: 3, answers: { NOTE: "Good" }, submit: true } }));
    expect(done.data.completed).toBe(true);
    expect(await balance()).toBe(before + 15);
    expect(await json<Failure>(await maya.request("PUT", url, { body: { page: 3, answers: {}, submit: true } }), 409)).toMatchObject({ code: "SURVEY_CONFLICT" });
    expect(await balance()).toBe(before + 15);
    const ledger = await query<{ n: string }>("select count(*) as n from rm_point_entries where participant_id = $1 and source_kind = 'survey' and source_id = $2", [MAYA, survey.id]);
    expect(Number(ledger[0]!.n)).toBe(1);

    const report = await json<Report>(await admin.request("GET", `/api/survey/${survey.id}/report`));
    expect(report.questions.filter((q) => q.type === "likert")).toEqual([
      expect.objectContaining({ item_code: "L_SAFE", question_text: "I feel safe here", matrix: "How far do you agree?" }),
      expect.objectContaining({ item_code: "L_HEARD", question_text: "Staff listen to me" }),
    ]);
    expect(report.participants[0]!.answers.slice(0, 2)).toEqual([
      { item_code: "L_SAFE", answer_label: "Agree", answer_value: "3" },
      { item_code: "L_HEARD", answer_label: "Not sure", answer_value: "2" },
    ]);
    expect(report.distribution.find((d) => d.item_code === "L_SAFE")!.answers.map((a) => a.count)).toEqual([0, 0, 1]);
    // the numeric rollup the pre/post evaluation reads holds the statements (decision 105's rule)
    const rollup = await query<{ item_code: string; value: number }>("select item_code, value from rm_survey_answer_values where survey_id = $1 order by item_code", [survey.id]);
    expect(rollup).toEqual([
      { item_code: "L_HEARD", value: 2 },
      { item_code: "L_SAFE", value: 3 },
    ]);
  });

  it("audience by user groups and programs: only members in them see it and can answer", async () => {
    const coachesOnly = await publish(definition("Coaches' group only", { group_ids: [coachGroup], points: 0 }));
    expect(await openIds()).not.toContain(coachesOnly.id);
    expect(await json<Failure>(await maya.request("PUT", `/api/survey/${coachesOnly.id}/response`, { body: { page: 1, answers: { SPORT: "no" } } }), 403)).toEqual({ code: "SURVEY_NOT_OPEN", message: "This survey is not open to this member" });
    if (mayaProgram) {
      const hers = await publish(definition("Her program", { program_ids: [mayaProgram] }));
      expect(await openIds()).toContain(hers.id);
    }
    if (otherProgram) {
      const other = await publish(definition("Another program", { program_ids: [otherProgram] }));
      expect(await openIds()).not.toContain(other.id);
      expect(await json<Failure>(await maya.request("PUT", `/api/survey/${other.id}/response`, { body: { page: 1, answers: { SPORT: "no" } } }), 403)).toMatchObject({ code: "SURVEY_NOT_OPEN" });
    }
    expect(mayaProgram ?? otherProgram).toBeDefined();
  });

  it("bad input is a readable 400", async () => {
    const bad = async (extra: Record<string, unknown>) => json<Failure>(await admin.request("POST", "/api/survey", { body: definition("Bad", extra) }), 400);
    expect((await bad({ group_ids: [idFrom("no such group")] })).message).toContain("Unknown user group in the audience");
    expect((await bad({ program_ids: [idFrom("no such program")] })).message).toContain("Unknown program in the audience");
    expect((await bad({ points: 2.5 })).message).toContain("Points must be a whole number");
    expect((await bad({ points: 20_000 })).message).toContain("Points must be at most 10000");
    const pages = definition("x").pages;
    expect((await bad({ pages: [pages[0], { ...pages[1], condition: { item_code: "SPORT", equals: "maybe" } }] })).message).toBe("Page 2's condition: 'maybe' is not an option of 'SPORT'");
    expect((await bad({ pages: [{ title: "", elements: [{ type: "likert", text: "Agree?", options: scale, rows: [] }] }] })).message).toContain("A Likert matrix needs at least one statement");
    expect((await bad({ pages: [{ title: "", elements: [{ type: "likert", text: "Agree?", options: [scale[0]], rows: [{ item_code: "A", text: "a" }] }] }] })).message).toContain("A Likert matrix needs a scale of at least 2 options");
  });
});
