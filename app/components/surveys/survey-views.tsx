import { Badge, Box, Card, Flex, Heading, Link, Table, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import dayjs from "dayjs";
import { Loading } from "~/components/programs/report-parts";

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

/** The counts per answer of one question, as bars (CSS only; a chart library is for a later step). */
function Bars({ q, total }: { q: SurveyReportView["distribution"][number]; total: number }) {
  return (
    <Box mb="4">
      <Heading as="h3" size="3" mb="2">
        {q.item_code}: {q.question_text}
      </Heading>
      <Flex direction="column" gap="1">
        {q.answers.map((a) => (
          <div className="rc-survey-bar-row" key={a.answer_value}>
            <Text size="2">{a.answer_label}</Text>
            <div className="rc-survey-bar-track" role="img" aria-label={`${a.answer_label}: ${a.count} of ${total}`}>
              <div className="rc-survey-bar" style={{ width: `${total ? Math.round((a.count / total) * 100) : 0}%` }} />
            </div>
            <Text size="2" align="right">
              {a.count}
            </Text>
          </div>
        ))}
      </Flex>
    </Box>
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
              <Bars key={q.item_code} q={q} total={total} />
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
