/**
 * `npm run bench:surveys` (issue 20, decisions 105-106): SURVEY_BENCH_MEMBERS members (default 5,000) of one
 * organization answer a pre and a post survey of SURVEY_BENCH_QUESTIONS rating questions each (default 40): at the
 * defaults 400,000 answers. The read models are written by bulk SQL as the surveys projection writes them (the
 * surveys, their versions, one response per member and survey, the rollup of numeric answers, and the rollups of
 * decision 123 filled as migration 3201 fills them: the counts per answer, the pair's scores, members and sums), then, warm:
 *   - the survey report's first page (what GET /api/survey/{id}/report reads: the survey, its versions, a page
 *     of 20 participants, the distribution): p50, p95 (goal p95 < 150 ms)
 *   - the evaluation's page (GET /api/base/survey_evaluation_result: the pair, a page of 20 members, the summary
 *     per item), pages rotated: p50, p95 (goal p95 < 200 ms)
 *   - the full CSV export of the post survey's report (the worker's source, one row per member and answer,
 *     neutralised and formatted by fast-csv): seconds (goal < 15 s)
 * Each read has its baseline in the same run (test/bench/surveys-baseline.ts): the queries before decision 123's rollups.
 * The machine is shared (2 cores): figures are noisy; the load average is printed before and after.
 */
import { loadavg } from "node:os";
import { Writable } from "node:stream";
import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../../projections";
import { csvFormatter, neutralizeCell, type ExportRequestedData } from "../../modules/exports";
import { evaluationPage, evaluationPairOf, evaluationSummaryOf, questionsAcross } from "../../modules/surveys";
import { answerCounts, fillSurveyRollups, surveyById, surveyReportPage, surveyVersions } from "../../projections/surveys";
import { surveySource } from "../../workers/exports/survey-sources";
import { createTestDatabase } from "../support/test-db";
import { percentile } from "./stats";
import { countsFromAnswers, evaluationFromValues } from "./surveys-baseline";

const MEMBERS = Number(process.env.SURVEY_BENCH_MEMBERS ?? 5_000);
const QUESTIONS = Number(process.env.SURVEY_BENCH_QUESTIONS ?? 40);
const RUNS = Number(process.env.SURVEY_BENCH_RUNS ?? 40);
const GOALS = { report: 150, evaluation: 200, exportSeconds: 15 };
const ORG = "00000000-0000-4000-8000-00000000b001";
const PRE = "00000000-0000-4000-8000-00000000b0a1";
const POST = "00000000-0000-4000-8000-00000000b0a2";

const database = await createTestDatabase("bench_surveys", { poolSize: 6 });
const db = database.db as unknown as Kysely<ReadModels>;
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
try {
  const t0 = performance.now();
  console.log(`\nSeeding ${MEMBERS.toLocaleString("en")} members x 2 surveys x ${QUESTIONS} questions (${(MEMBERS * 2 * QUESTIONS).toLocaleString("en")} answers), bulk SQL into the read models:`);
  await sql`
    insert into rm_participants (id, organization_id, member_id, first_name, last_name, full_name, dob, gender, has_epi_pen, has_medications, school_not_applicable, school_name, contact_name, phone_number, email, preferred_contact, address, pick_up_permission, status, revision, created_date, updated_date)
    select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, ${ORG}::uuid, 'M' || i, 'First' || i, 'Last' || lpad((i * 7919 % ${MEMBERS}::int)::text, 6, '0'), 'First' || i || ' Last' || i,
           '2012-01-01', case when i % 2 = 0 then 'Female' else 'Male' end, 'No', 'No', true, '', '', '', 'm' || i || '@bench.test', 'Email', '', 'No', 'Active', 1, now(), now()
      from generate_series(0, ${MEMBERS - 1}::int) i`.execute(db);
  const pages = JSON.stringify([{ title: "All", elements: Array.from({ length: QUESTIONS }, (_, q) => ({ type: "rating", item_code: `Q${q + 1}`, text: `Statement ${q + 1}`, required: true, scale: 5 })) }]);
  for (const [id, name, pairsWith] of [[PRE, "Bench (pre)", null], [POST, "Bench (post)", PRE]] as const) {
    await sql`
      insert into rm_surveys (id, organization_id, name, description, status, version, age_min, age_max, genders, start_date, end_date, created_at, published_at, closed_at, pairs_with)
      values (${id}, ${ORG}, ${name}, '', 'Published', 1, null, null, '[]'::jsonb, null, null, now(), now(), null, ${pairsWith})`.execute(db);
    await sql`insert into rm_survey_versions (survey_id, version, pages) values (${id}, 1, ${pages}::jsonb)`.execute(db);
    const shift = id === POST ? 1 : 0;
    await sql`
      insert into rm_survey_responses (survey_id, participant_id, organization_id, version, answers, last_page, completed, started_at, updated_at, completed_at)
      select ${id}, '00000000-0000-4000-9000-' || lpad(i::text, 12, '0'), ${ORG}, 1,
             (select jsonb_object_agg('Q' || q, least(5, 1 + (i + q) % 5 + ${shift}::int)) from generate_series(1, ${QUESTIONS}::int) q), 1, true, now(), now(), now() - (i % 30) * interval '1 day'
        from generate_series(0, ${MEMBERS - 1}::int) i`.execute(db);
    await sql`
      insert into rm_survey_answer_values (survey_id, participant_id, item_code, organization_id, value)
      select ${id}, '00000000-0000-4000-9000-' || lpad(i::text, 12, '0'), 'Q' || q, ${ORG}, least(5, 1 + (i + q) % 5 + ${shift}::int)
        from generate_series(0, ${MEMBERS - 1}::int) i, generate_series(1, ${QUESTIONS}::int) q`.execute(db);
  }
  await fillSurveyRollups(db); // the rollups of decision 123, as migration 3201 fills them from the rows above
  await sql`vacuum analyze rm_participants, rm_surveys, rm_survey_versions, rm_survey_responses, rm_survey_answer_values, rm_survey_answer_counts, rm_survey_pair_scores, rm_survey_pair_members, rm_survey_pair_summary`.execute(db);
  console.log(`  seeded in ${seconds(t0)} s`);

  async function timed(op: (i: number) => Promise<unknown>) {
    for (let i = 0; i < 3; i++) await op(i); // warm
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await op(i);
      ms.push(performance.now() - t);
    }
    return ms.sort((a, b) => a - b);
  }
  const line = (label: string, ms: number[], goal: number | null) => {
    const p95 = percentile(ms, 95);
    const verdict = goal === null ? "" : `goal p95 < ${goal} ms  ${p95 < goal ? "OK" : "OVER"}`;
    console.log(`  ${label.padEnd(58)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${verdict}`);
  };

  console.log(`\nWarm reads, ${RUNS} runs each (load average ${loadavg().map((n) => n.toFixed(2)).join(", ")}):`);
  // the report's first page, as surveyReport reads it
  const report = await timed(async () => {
    const survey = await surveyById(db, ORG, POST);
    const versions = await surveyVersions(db, survey!.id);
    questionsAcross(versions);
    await Promise.all([surveyReportPage(db, ORG, POST, { page: 0, size: 20 }), answerCounts(db, POST)]);
  });
  line("survey report, first page (20 participants)", report, GOALS.report);
  // baseline (decision 123): the same page with the counts unpacked from the responses' JSON, as before the rollups
  const reportBefore = await timed(async () => {
    const survey = await surveyById(db, ORG, POST);
    const versions = await surveyVersions(db, survey!.id);
    questionsAcross(versions);
    await Promise.all([surveyReportPage(db, ORG, POST, { page: 0, size: 20 }), countsFromAnswers(db, POST)]);
  });
  line("  baseline: counts from the responses' JSON (before 123)", reportBefore, null);
  const pagesOfMembers = Math.max(1, Math.floor(MEMBERS / 20));
  const evaluation = await timed(async (i) => {
    const pair = await evaluationPairOf(db, ORG, POST);
    await Promise.all([evaluationPage(db, ORG, "admin", pair, { page: (i * 37) % pagesOfMembers, size: 20 }), evaluationSummaryOf(db, pair)]);
  });
  line("evaluation result, a page of 20 members", evaluation, GOALS.evaluation);
  // baseline (decision 123): members, values and summary joined from the answer values on each request, as before the rollups
  const evaluationBefore = await timed(async (i) => {
    const pair = await evaluationPairOf(db, ORG, POST);
    await evaluationFromValues(db, ORG, PRE, POST, pair.items.map((item) => item.item_code), { page: (i * 37) % pagesOfMembers, size: 20 });
  });
  line("  baseline: joined from the answer values (before 123)", evaluationBefore, null);

  const t = performance.now();
  const requested = { exportId: "bench", organizationId: ORG, kind: "survey-report", filters: { surveyId: POST, timeZone: "UTC" }, requestedBy: "00000000-0000-4000-8000-00000000beef", fileName: "bench.csv" } as unknown as ExportRequestedData;
  const source = await surveySource({ db }, requested);
  let bytes = 0;
  let rows = 0;
  const csv = csvFormatter(source.header);
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      bytes += chunk.length;
      done();
    },
  });
  const finished = new Promise((resolve, reject) => sink.on("finish", resolve).on("error", reject));
  csv.pipe(sink);
  for await (const batch of source.batches) {
    for (const row of batch) {
      for (let k = 0; k < row.length; k++) row[k] = neutralizeCell(row[k]);
      rows++;
      if (!csv.write(row)) await new Promise((resolve) => csv.once("drain", resolve));
    }
  }
  csv.end();
  await finished;
  const exportSeconds = (performance.now() - t) / 1000;
  console.log(`\nFull CSV export of the post survey's report: ${rows.toLocaleString("en")} rows (${(bytes / 1e6).toFixed(1)} MB) in ${exportSeconds.toFixed(1)} s   goal < ${GOALS.exportSeconds} s  ${exportSeconds < GOALS.exportSeconds ? "OK" : "OVER"}`);
  console.log(`Load average after: ${loadavg().map((n) => n.toFixed(2)).join(", ")}`);
  if (rows !== MEMBERS * QUESTIONS) throw new Error(`expected ${MEMBERS * QUESTIONS} rows, wrote ${rows}`);
} finally {
  await database.drop();
}
