import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { newId, type RecordedEvent } from "../../modules/kernel";
import type { AnswerValue, SurveyEvent, SurveyResponseEvent } from "../../modules/surveys";
import { answerCounts, evaluationMemberPage, evaluationSummary, fillSurveyRollups, surveysProjection, type SurveyTables } from "../../projections/surveys";
import { testMetadata } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const organizationId = newId();
const [PRE, POST] = [newId(), newId()];
const [A, B, C] = [1, 2, 3].map((n) => `00000000-0000-4000-9000-00000000000${n}`) as [string, string, string];
let position = 0;
const recorded = (event: SurveyEvent | SurveyResponseEvent): RecordedEvent<SurveyEvent | SurveyResponseEvent> =>
  ({ ...event, eventId: newId(), streamId: "survey-x", revision: 0, position: ++position, metadata: testMetadata({ organizationId }) }) as RecordedEvent<SurveyEvent | SurveyResponseEvent>;
const pages = [
  {
    title: "All",
    elements: [
      { type: "rating" as const, item_code: "R1", text: "I feel good", required: false, scale: 5 },
      { type: "single_choice" as const, item_code: "C1", text: "Choice", required: false, options: ["1", "2", "3"].map((v) => ({ label: `Option ${v}`, value: v })) },
      { type: "multiple_choice" as const, item_code: "M1", text: "Several", required: false, options: ["a", "b", "c"].map((v) => ({ label: v.toUpperCase(), value: v })) },
      { type: "short_text" as const, item_code: "T1", text: "A word", required: false },
    ],
  },
];
const created = (surveyId: string, name: string) =>
  recorded({ type: "SurveyCreated", data: { surveyId, organizationId, version: 1, createdBy: null, name, description: "", audience: { ageMin: null, ageMax: null, genders: [], startDate: null, endDate: null }, pages } });
const saved = (surveyId: string, participantId: string, answers: Record<string, AnswerValue>) =>
  recorded({ type: "SurveyAnswersSaved", data: { surveyId, organizationId, participantId, version: 1, page: 1, answers, savedBy: null } });
const paired = (pairsWith: string | null) => recorded({ type: "SurveyPaired", data: { surveyId: POST, pairsWith, pairedBy: null } });

const ROLLUPS = ["rm_survey_answer_counts", "rm_survey_pair_scores", "rm_survey_pair_members", "rm_survey_pair_summary"] as const;
/** The rollups' rows that count (a count or a sum of members at 0 is what the reads skip), in one order. */
async function rollupRows(db: Kysely<unknown>) {
  const counts = await sql<{ survey_id: string; item_code: string; value: string; n: number }>`select survey_id, item_code, value, n from rm_survey_answer_counts where n > 0 order by 1, 2, 3`.execute(db);
  const scores = await sql<{ participant_id: string; item_code: string; pre_value: number; post_value: number }>`select participant_id, item_code, pre_id, pre_value, post_value from rm_survey_pair_scores where post_id = ${POST} order by 1, 2`.execute(db);
  const members = await sql<{ participant_id: string }>`select participant_id from rm_survey_pair_members where post_id = ${POST} order by 1`.execute(db);
  const summary = await sql<{ item_code: string; members: number; pre_sum: string; post_sum: string }>`select item_code, members, pre_sum::float8 as pre_sum, post_sum::float8 as post_sum from rm_survey_pair_summary where post_id = ${POST} and members > 0 order by 1`.execute(db);
  return { counts: counts.rows, scores: scores.rows, members: members.rows.map((r) => r.participant_id), summary: summary.rows };
}

/**
 * The survey rollups of decision 123, written by the surveys projection event by event, against figures computed
 * by hand; then the same rows again from scratch (migration 3201's fill, what a rebuild of the projection arrives at).
 *
 *   PRE   A: R1 2, C1 "1" then cleared, M1 [a, b] then [c], T1 "hi"    B: R1 5, C1 "2", M1 [a]    C: R1 1
 *   POST  A: R1 4, C1 "3", M1 [b]                                       B: R1 3 then 2, C1 "2"     (paired after A's answers)
 *   pair  A: R1 2 -> 4     B: R1 5 -> 2, C1 2 -> 2     C: none
 *         R1: 2 members, sums 7 -> 6 (means 3.5 -> 3)   C1: 1 member, 2 -> 2
 */
describe("the survey rollups (decision 123), on real PostgreSQL", () => {
  let database: TestDatabase;
  const apply = (events: RecordedEvent<SurveyEvent | SurveyResponseEvent>[]) => database.db.transaction().execute((trx) => surveysProjection.apply(trx as never, events as never));
  beforeAll(async () => {
    database = await createTestDatabase("survey_rollups");
  });
  afterAll(() => database.drop());

  it("keeps the counts per answer and the pair's scores, members and sums up to date, as a fill from scratch computes them", async () => {
    await apply([created(PRE, "Pre"), created(POST, "Post"), saved(PRE, A, { R1: 2, C1: "1", M1: ["a", "b"], T1: "hi" }), saved(PRE, B, { R1: 5, C1: "2", M1: ["a"] }), saved(POST, A, { R1: 4, C1: "3", M1: ["b"] })]);
    // not paired yet: no scores; the counts already there
    expect((await rollupRows(database.db)).members).toEqual([]);
    expect(await answerCounts(database.db as Kysely<SurveyTables>, PRE)).toHaveLength(7);
    await apply([paired(PRE)]);
    expect(await rollupRows(database.db)).toMatchObject({ members: [A], summary: [
      { item_code: "C1", members: 1, pre_sum: 1, post_sum: 3 },
      { item_code: "R1", members: 1, pre_sum: 2, post_sum: 4 },
    ] });
    await apply([saved(POST, B, { R1: 3 }), saved(POST, B, { R1: 2, C1: "2" }), saved(PRE, A, { C1: null, M1: ["c"] }), saved(PRE, C, { R1: 1 })]);

    const rows = await rollupRows(database.db);
    const count = (survey_id: string, item_code: string, value: string) => ({ survey_id, item_code, value, n: 1 });
    expect(rows.counts).toEqual(
      [
        count(PRE, "C1", "2"),
        count(PRE, "M1", "a"),
        count(PRE, "M1", "c"),
        count(PRE, "R1", "1"),
        count(PRE, "R1", "2"),
        count(PRE, "R1", "5"),
        count(PRE, "T1", "hi"),
        count(POST, "C1", "2"),
        count(POST, "C1", "3"),
        count(POST, "M1", "b"),
        count(POST, "R1", "2"),
        count(POST, "R1", "4"),
      ].sort((x, y) => (x.survey_id + x.item_code + x.value < y.survey_id + y.item_code + y.value ? -1 : 1)),
    );
    expect(rows.scores).toEqual([
      { participant_id: A, item_code: "R1", pre_id: PRE, pre_value: 2, post_value: 4 },
      { participant_id: B, item_code: "C1", pre_id: PRE, pre_value: 2, post_value: 2 },
      { participant_id: B, item_code: "R1", pre_id: PRE, pre_value: 5, post_value: 2 },
    ]);
    expect(rows.members).toEqual([A, B]);
    expect(rows.summary).toEqual([
      { item_code: "C1", members: 1, pre_sum: 2, post_sum: 2 },
      { item_code: "R1", members: 2, pre_sum: 7, post_sum: 6 },
    ]);
    // what the report's chart and the evaluation's summary read
    const posted = await answerCounts(database.db as Kysely<SurveyTables>, POST);
    expect(posted.filter((r) => r.item_code === "R1").sort((x, y) => x.value.localeCompare(y.value))).toEqual([
      { item_code: "R1", value: "2", n: 1 },
      { item_code: "R1", value: "4", n: 1 },
    ]);
    expect((await evaluationSummary(database.db as Kysely<SurveyTables>, POST, ["R1", "C1"])).sort((x, y) => x.item_code.localeCompare(y.item_code))).toEqual([
      { item_code: "C1", members: 1, pre_mean: 2, post_mean: 2 },
      { item_code: "R1", members: 2, pre_mean: 3.5, post_mean: 3 },
    ]);

    // the members who answered both, by name: from the pair's list, or (an item code not compared) from its scores of the compared ones
    await sql`
      insert into rm_participants (id, organization_id, member_id, first_name, last_name, full_name, dob, gender, has_epi_pen, has_medications, school_not_applicable, school_name, contact_name, phone_number, email, preferred_contact, address, pick_up_permission, status, revision, created_date, updated_date)
      select id::uuid, ${organizationId}::uuid, 'M' || n, 'First' || n, 'Last' || n, 'First' || n || ' Last' || n, '2012-01-01', 'Female', 'No', 'No', true, '', '', '', '', 'Email', '', 'No', 'Active', 1, now(), now()
        from (values (${A}, 1), (${B}, 2), (${C}, 3)) v(id, n)`.execute(database.db);
    const page = (items: string[]) => evaluationMemberPage(database.db as Kysely<SurveyTables>, organizationId, POST, items, { page: 0, size: 10 });
    expect(await page(["R1", "C1"])).toMatchObject({ count: 2, rows: [{ participant_id: A, last_name: "Last1" }, { participant_id: B }] });
    expect(await page(["C1"])).toMatchObject({ count: 1, rows: [{ participant_id: B }] });
    expect(await page([])).toEqual({ count: 0, rows: [] });

    // from scratch: the same rows
    for (const table of ROLLUPS) await sql`delete from ${sql.table(table)}`.execute(database.db);
    await fillSurveyRollups(database.db);
    expect(await rollupRows(database.db)).toEqual(rows);
  });

  it("empties the pair when the post survey is unpaired, and a rebuild recreates the rollups", async () => {
    await apply([paired(null)]);
    const rows = await rollupRows(database.db);
    expect([rows.scores, rows.members, rows.summary]).toEqual([[], [], []]);
    expect(rows.counts).toHaveLength(12);
    expect(surveysProjection.tables).toEqual(expect.arrayContaining([...ROLLUPS]));
  });

  it("in one batch, pages saved before and after a pairing count once each (the batch's changes are written before the pair is recomputed)", async () => {
    // paired again; B's post R1 changes 2 -> 1 and C answers the post survey (changes to the sums not yet written);
    // the pair is recomputed (a replayed pairing); C's pre answer changes 1 -> 3: B's R1 is 5 -> 1, C's 3 -> 5
    await apply([paired(PRE), saved(POST, B, { R1: 1 }), saved(POST, C, { R1: 5 }), paired(PRE), saved(PRE, C, { R1: 3 })]);
    const rows = await rollupRows(database.db);
    expect(rows.members).toEqual([A, B, C]);
    expect(rows.summary).toEqual([
      { item_code: "C1", members: 1, pre_sum: 2, post_sum: 2 },
      { item_code: "R1", members: 3, pre_sum: 10, post_sum: 10 },
    ]);
    expect(rows.counts.filter((r) => r.item_code === "R1" && r.survey_id === PRE).map((r) => [r.value, r.n])).toEqual([
      ["2", 1],
      ["3", 1],
      ["5", 1],
    ]);
    for (const table of ROLLUPS) await sql`delete from ${sql.table(table)}`.execute(database.db);
    await fillSurveyRollups(database.db);
    expect(await rollupRows(database.db)).toEqual(rows);
  });
});
