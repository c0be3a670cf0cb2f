import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, SURVEY_EVALUATION_HEADER, SURVEY_REPORT_HEADER } from "../../modules/exports";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Result = { item_code: string; pre_value: number; post_value: number; change: number };
type Evaluation = {
  pre_survey: { id: string; name: string };
  post_survey: { id: string; name: string };
  items: { item_code: string }[];
  data: { participant_id: string; first_name?: string; results: Result[] }[];
  count: number;
  summary: { item_code: string; members: number; pre_mean: number | null; post_mean: number | null; mean_change: number | null }[];
};
type ExportItem = { id: string; status: string; rows: number | null; download_url: string | null; file_name: string; reason: string | null };

const choice = (code: string, values: string[]) => ({ type: "single_choice", item_code: code, text: `Choice ${code}`, options: values.map((v) => ({ label: `Option ${v}`, value: v })) });
/** A one-page survey: a rating, a number, a single choice valued 1..3, a choice valued in words, a text; the pre one also asks PRE_ONLY. */
const definition = (name: string, pre: boolean) => ({
  name,
  age_min: 5,
  age_max: 18,
  pages: [
    {
      title: "All",
      elements: [
        { type: "rating", item_code: "R1", text: "I feel good", scale: 5 },
        { type: "number", item_code: "N1", text: "Hours a week" },
        choice("C1", ["1", "2", "3"]),
        choice("C2", ["a", "b"]),
        { type: "short_text", item_code: "T1", text: "One word" },
        ...(pre ? [{ type: "rating", item_code: "PRE_ONLY", text: "Only before", scale: 5 }] : []),
      ],
    },
  ],
});

/**
 * The pre/post evaluation (decision 105) and the survey exports (decision 106) over HTTP, with the real worker, on
 * a small fixture computed by hand: Maya and Leo (the demo family's children) answer a pre and a post survey.
 *
 *            R1 (rating)   N1 (number)     C1 (choice 1..3)   C2, T1, PRE_ONLY: not compared
 *   Leo      5 -> 3 (-2)   10 -> (none)    2 -> 2 (0)
 *   Maya     2 -> 4 (+2)   3 -> 2.5 (-0.5) 1 -> 3 (+2)
 *   mean     3.5 -> 3.5 (0), 2 members     3 -> 2.5 (-0.5), 1   1.5 -> 2.5 (+1), 2
 */
describe("the survey evaluation and exports, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, maple: HttpClient, coach: HttpClient, maya: HttpClient, leo: HttpClient;
  let pre: string, post: string, third: string, mapleSurvey: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const create = async (client: HttpClient, body: unknown) => {
    const made = await json<{ data: { id: string } }>(await client.request("POST", "/api/survey", { body }));
    await json(await client.request("POST", `/api/survey/${made.data.id}/publish`));
    return made.data.id;
  };
  const answer = (client: HttpClient, id: string, answers: Record<string, unknown>) => client.request("PUT", `/api/survey/${id}/response`, { body: { page: 1, answers, submit: true } });
  const pair = (id: string, pairsWith: string | null, client = admin) => client.request("POST", `/api/survey/${id}/pair`, { body: { pairs_with: pairsWith } });
  const evaluation = (query: string, client = admin) => client.request("GET", `/api/base/survey_evaluation_result?${query}`);
  const exported = async (kind: string, surveyId: string) => {
    const asked = await json<{ data: { id: string; file_name: string } }>(await admin.request("POST", "/api/export", { body: { kind, filters: { surveyId, timeZone: "UTC" } } }), 202);
    expect(asked.data.file_name).toMatch(new RegExp(`^${kind}-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
    const item = (await eventually(
      async () => (await json<{ data: ExportItem[] }>(await admin.request("GET", "/api/export"))).data.find((e) => e.id === asked.data.id),
      (found) => found !== undefined && found.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    )) as ExportItem;
    expect(item.status, item.reason ?? "").toBe("Completed");
    const text = await (await admin.request("GET", item.download_url!)).text();
    return { text, rows: await parseExportCsv(text) };
  };

  beforeAll(async () => {
    app = await startInProcessApp("survey-evaluation");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, maple, coach, maya, leo] = Array.from({ length: 5 }, () => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await maple.signIn("admin@maple.demo");
    await coach.signIn("coach@northside.demo");
    await maya.signIn("child1@northside.demo");
    await leo.signIn("child2@northside.demo");
    pre = await create(admin, definition("Eval (pre)", true));
    post = await create(admin, definition("Eval (post)", false));
    third = await create(admin, definition("Eval (third)", false));
    mapleSurvey = await create(maple, definition("Maple's", false));
    await json(await answer(maya, pre, { R1: 2, N1: 3, C1: "1", C2: "a", T1: "=1+2", PRE_ONLY: 4 }));
    await json(await answer(leo, pre, { R1: 5, N1: 10, C1: "2" }));
    await json(await answer(maya, post, { R1: 4, N1: 2.5, C1: "3", C2: "b", T1: "+better" }));
    await json(await answer(leo, post, { R1: 3, C1: "2" }));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("refuses bad pairings: itself 400, another organization's survey 404, an unknown id 404, no permission 403", async () => {
    expect(await json<Failure>(await pair(post, post), 400)).toMatchObject({ code: "VALIDATION", message: "A survey cannot be paired with itself" });
    expect((await json<Failure>(await pair(post, mapleSurvey), 404)).message).toBe("Pre survey not found");
    expect((await json<Failure>(await pair(post, "not-an-id"), 404)).code).toBe("SURVEY_NOT_FOUND");
    expect((await json<Failure>(await pair(mapleSurvey, pre), 404)).code).toBe("SURVEY_NOT_FOUND");
    expect((await json<Failure>(await pair(post, 12 as unknown as string), 400)).message).toBe("pairs_with must be the pre survey's id, or null");
    expect((await pair(post, pre, coach)).status).toBe(403);
    // not paired yet: the evaluation says how to pair
    expect((await json<Failure>(await evaluation(`survey_id=${post}`), 400)).message).toMatch(/is not in a pre\/post pair/);
  });

  it("pairs, once per pre survey, with no chains", async () => {
    const paired = await json<{ message: string; data: { pairs_with: string } }>(await pair(post, pre));
    expect(paired).toMatchObject({ message: "Surveys successfully paired", data: { pairs_with: pre } });
    // again: nothing changes
    expect((await json<{ data: { pairs_with: string } }>(await pair(post, pre))).data.pairs_with).toBe(pre);
    expect((await json<Failure>(await pair(third, post), 400)).message).toBe("'Eval (post)' is itself a post survey; pair with its pre survey instead");
    expect((await json<Failure>(await pair(pre, third), 400)).message).toBe("This survey is the pre survey of 'Eval (post)'; a survey is a pre or a post survey, not both");
    expect((await json<Failure>(await pair(third, pre), 400)).message).toBe("'Eval (pre)' is the pre survey of 'Eval (post)' already; a pre survey has one post survey");
  });

  it("answers the hand-computed table, by the post or the pre survey's id, paged", async () => {
    const whole = await json<Evaluation>(await evaluation(`survey_id=${post}&page=0&size=10`));
    expect(whole.pre_survey).toEqual({ id: pre, name: "Eval (pre)" });
    expect(whole.items.map((i) => i.item_code)).toEqual(["R1", "N1", "C1"]);
    expect(whole.count).toBe(2);
    expect(whole.data.map((m) => [m.first_name, m.results])).toEqual([
      [
        "Leo",
        [
          { item_code: "R1", pre_value: 5, post_value: 3, change: -2 },
          { item_code: "C1", pre_value: 2, post_value: 2, change: 0 },
        ],
      ],
      [
        "Maya",
        [
          { item_code: "R1", pre_value: 2, post_value: 4, change: 2 },
          { item_code: "N1", pre_value: 3, post_value: 2.5, change: -0.5 },
          { item_code: "C1", pre_value: 1, post_value: 3, change: 2 },
        ],
      ],
    ]);
    expect(whole.summary.map((s) => [s.item_code, s.members, s.pre_mean, s.post_mean, s.mean_change])).toEqual([
      ["R1", 2, 3.5, 3.5, 0],
      ["N1", 1, 3, 2.5, -0.5],
      ["C1", 2, 1.5, 2.5, 1],
    ]);
    const byPre = await json<Evaluation>(await evaluation(`survey_id=${pre}&page=1&size=1`));
    expect(byPre.post_survey.id).toBe(post);
    expect(byPre.count).toBe(2);
    expect(byPre.data.map((m) => m.first_name)).toEqual(["Maya"]);
  });

  it("refuses bad evaluation input: size too large, no survey, another organization's 404, no permission 403", async () => {
    expect((await json<Failure>(await evaluation(`survey_id=${post}&size=101`), 400)).message).toBe("Size must be at most 100");
    expect((await json<Failure>(await evaluation("page=0"), 400)).message).toMatch(/survey_id/);
    expect((await json<Failure>(await evaluation(`survey_id=${post}`, maple), 404)).code).toBe("SURVEY_NOT_FOUND");
    expect((await evaluation(`survey_id=${post}`, coach)).status).toBe(403);
    expect((await evaluation(`survey_id=${post}`, maya)).status).toBe(403);
  });

  it("exports the evaluation and the report as CSV that round-trips through a parser, formula-safe", async () => {
    const evaluated = await exported("survey-evaluation", post);
    expect(evaluated.rows[0]).toEqual([...SURVEY_EVALUATION_HEADER]);
    expect(evaluated.rows.slice(1).map((r) => [r[3], r[6], r[8], r[9], r[10]])).toEqual([
      ["Leo", "R1", "5", "3", "-2"],
      ["Leo", "C1", "2", "2", "0"],
      ["Maya", "R1", "2", "4", "2"],
      ["Maya", "N1", "3", "2.5", "-0.5"],
      ["Maya", "C1", "1", "3", "2"],
    ]);
    const report = await exported("survey-report", pre);
    expect(report.rows[0]).toEqual([...SURVEY_REPORT_HEADER]);
    const mayaRows = report.rows.slice(1).filter((r) => r[3] === "Maya");
    expect(mayaRows.map((r) => [r[8], r[10], r[11]])).toEqual([
      ["R1", "2", "2"],
      ["N1", "3", "3"],
      ["C1", "Option 1", "1"],
      ["C2", "Option a", "a"],
      ["T1", "=1+2", "=1+2"],
      ["PRE_ONLY", "4", "4"],
    ]);
    expect(report.rows.slice(1).filter((r) => r[3] === "Leo")).toHaveLength(3);
    // a formula is written neutralised (a leading quote), and read back as typed
    expect(report.text).toContain("'=1+2");
    expect(report.text).not.toMatch(/(^|,)=1\+2/m);
  }, 90_000);

  it("refuses exports of another organization's survey (404) and without 'export survey results' (403)", async () => {
    expect((await json<Failure>(await admin.request("POST", "/api/export", { body: { kind: "survey-report", filters: { surveyId: mapleSurvey, timeZone: "UTC" } } }), 404)).code).toBe("SURVEY_NOT_FOUND");
    expect((await coach.request("POST", "/api/export", { body: { kind: "survey-evaluation", filters: { surveyId: post, timeZone: "UTC" } } })).status).toBe(403);
  });
});
