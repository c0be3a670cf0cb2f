import { Badge, Card, Flex, Heading, Link, Table, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import dayjs from "dayjs";
import { Loading } from "~/components/programs/report-parts";
import { DistributionChart, EvaluationChart, type EvaluationSummaryView } from "./survey-charts";

export type SurveySummaryView = {
  id: string;
  name: string;
  description: string;
  status: "Draft" | "Published" | "Closed";
  version: number;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  start_date: string | null;
  end_date: string | null;
  completions: number;
  partial_completions: number;
  pairs_with?: string | null;
};

/** The pre/post evaluation the report page shows (decision 105): the pair, the summary per item, the first members. */
export type EvaluationView = {
  pre_survey: { id: string; name: string };
  post_survey: { id: string; name: string };
  items: { item_code: string; question_text: string }[];
  data: { participant_id: string; first_name?: string; last_name?: string; results: { item_code: string; pre_value: number; post_value: number; change: number }[] }[];
  count: number;
  summary: EvaluationSummaryView[];
  empty_text: string | null;
};

export type SurveyReportView = {
  survey: SurveySummaryView;
  questions: { item_code: string; question_id: string; question_text: string; type: string }[];
  participants: { participant_id: string; first_name?: string; last_name?: string; completed: boolean; completed_date: string | null; version: number; answers: { item_code: string; answer_label: string }[] }[];
  count: number;
  empty_text: string | null;
  distribution: { item_code: string; question_text: string; answers: { answer_label: string; answer_value: string; count: number }[] }[];
};

const STATUS_COLOR = { Draft: "gray", Published: "green", Closed: "amber" } as const;
const day = (d: string | null) => (d ? dayjs(d).format("MM/DD/YYYY") : "any day");
const ages = (s: SurveySummaryView) => (s.age_min === null && s.age_max === null ? "All ages" : `Ages ${s.age_min ?? 0} to ${s.age_max ?? "any"}`);

/** The summary list (spec-2 section 3) as cards: name, status, audience, dates, completions. */
export function SurveyCards({ rows }: { rows: SurveySummaryView[] }) {
  if (rows.length === 0) return <Text color="gray">No surveys yet.</Text>;
  return (
    <ul className="rc-survey-cards" aria-label="Surveys" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((s) => (
        <li key={s.id}>
          <Card>
            <Flex direction="column" gap="2">
              <Flex justify="between" align="start" gap="2">
                <Heading as="h2" size="4">
                  <Link asChild>
                    <RemixLink to={`/survey?report=${s.id}`}>{s.name}</RemixLink>
                  </Link>
                </Heading>
                <Badge color={STATUS_COLOR[s.status]}>{s.status}</Badge>
              </Flex>
              <Text size="2" color="gray">
                {ages(s)} · {s.genders.length ? s.genders.join(", ") : "All genders"} · {day(s.start_date)} to {day(s.end_date)}
              </Text>
              <Flex gap="4">
                <Text size="2">
                  <strong>{s.completions}</strong> completed
                </Text>
                <Text size="2">
                  <strong>{s.partial_completions}</strong> in progress
                </Text>
              </Flex>
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A survey's report: the figures, the answers per question, and a page of the participants. */
export function SurveyReport({ report }: { report: SurveyReportView }) {
  const total = report.survey.completions + report.survey.partial_completions;
  return (
    <Flex direction="column" gap="5">
      <Flex gap="4" wrap="wrap">
        <Text size="3">
          <strong>{report.survey.completions}</strong> completed
        </Text>
        <Text size="3">
          <strong>{report.survey.partial_completions}</strong> in progress
        </Text>
        <Badge color={STATUS_COLOR[report.survey.status]}>{report.survey.status}</Badge>
        {report.survey.version > 1 ? <Badge color="gray">Version {report.survey.version}</Badge> : null}
      </Flex>
      {report.empty_text ? (
        <Text color="gray">{report.empty_text}</Text>
      ) : (
        <>
          <section aria-labelledby="survey-answers">
            <Heading as="h2" size="5" id="survey-answers" mb="3">
              Answers per question
            </Heading>
            {report.distribution.map((q) => (
              <DistributionChart key={q.item_code} q={q} total={total} />
            ))}
          </section>
          <section aria-labelledby="survey-participants">
            <Heading as="h2" size="5" id="survey-participants" mb="3">
              Participants ({report.count})
            </Heading>
            <Loading label="Participants and their answers">
              <Table.Root variant="surface" size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Completed</Table.ColumnHeaderCell>
                    {report.questions.map((q) => (
                      <Table.ColumnHeaderCell key={q.item_code}>{q.item_code}</Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {report.participants.map((p) => (
                    <Table.Row key={p.participant_id}>
                      <Table.RowHeaderCell>{`${p.first_name ?? ""} ${p.last_name ?? ""}`.trim() || "(hidden)"}</Table.RowHeaderCell>
                      <Table.Cell>{p.completed && p.completed_date ? dayjs(p.completed_date).format("MM/DD/YYYY") : "In progress"}</Table.Cell>
                      {report.questions.map((q) => (
                        <Table.Cell key={q.item_code}>{p.answers.find((a) => a.item_code === q.item_code)?.answer_label ?? ""}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Loading>
          </section>
        </>
      )}
    </Flex>
  );
}

const change = (n: number) => `${n > 0 ? "+" : ""}${n}`;

/** The pre/post evaluation (decision 105): the mean before and after per item as a chart, and the first members' changes. */
export function SurveyEvaluation({ evaluation }: { evaluation: EvaluationView }) {
  return (
    <section aria-labelledby="survey-evaluation" style={{ minWidth: 0 }}>
      <Heading as="h2" size="5" id="survey-evaluation" mb="1">
        Pre/post evaluation
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {evaluation.pre_survey.name} (before) and {evaluation.post_survey.name} (after): {evaluation.count} {evaluation.count === 1 ? "member" : "members"} answered both.
      </Text>
      {evaluation.empty_text ? (
        <Text color="gray">{evaluation.empty_text}</Text>
      ) : (
        <>
          <EvaluationChart summary={evaluation.summary} pre={evaluation.pre_survey.name} post={evaluation.post_survey.name} />
          <Heading as="h3" size="3" mt="4" mb="2">
            Change per member (first {evaluation.data.length} of {evaluation.count})
          </Heading>
          <Loading label="Change per member">
            <Table.Root variant="surface" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  {evaluation.items.map((i) => (
                    <Table.ColumnHeaderCell key={i.item_code}>{i.item_code}</Table.ColumnHeaderCell>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {evaluation.data.map((m) => (
                  <Table.Row key={m.participant_id}>
                    <Table.RowHeaderCell>{`${m.first_name ?? ""} ${m.last_name ?? ""}`.trim() || "(hidden)"}</Table.RowHeaderCell>
                    {evaluation.items.map((i) => {
                      const r = m.results.find((x) => x.item_code === i.item_code);
                      return <Table.Cell key={i.item_code}>{r ? `${r.pre_value} → ${r.post_value} (${change(r.change)})` : ""}</Table.Cell>;
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Loading>
        </>
      )}
    </section>
  );
}

/** Previous and next pages (0-based `page` in the address). */
export function Pager({ page, totalPages, base }: { page: number; totalPages: number; base: string }) {
  if (totalPages <= 1) return null;
  return (
    <Flex asChild justify="between" align="center" mt="4">
      <nav aria-label="Pages">
        {page > 0 ? (
          <Link asChild>
            <RemixLink to={`${base}page=${page - 1}`}>Previous</RemixLink>
          </Link>
        ) : (
          <span />
        )}
        <Text size="2">
          Page {page + 1} of {totalPages}
        </Text>
        {page + 1 < totalPages ? (
          <Link asChild>
            <RemixLink to={`${base}page=${page + 1}`}>Next</RemixLink>
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </Flex>
  );
}
