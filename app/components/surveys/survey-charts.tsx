import { Box, Heading, Table, Text } from "@radix-ui/themes";
import { useEffect, useState, type ReactNode } from "react";
import { Loading } from "~/components/programs/report-parts";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export type DistributionView = {
  item_code: string;
  question_text: string;
  answers: { answer_label: string; answer_value: string; count: number }[];
};
export type EvaluationSummaryView = {
  item_code: string;
  question_text: string;
  members: number;
  pre_mean: number | null;
  post_mean: number | null;
  mean_change: number | null;
};

const BLUE = "#0d74ce";
const GREEN = "#218358";
const axis = { fontSize: 12, fill: "#60646c" };
const signed = (n: number | null) =>
  n === null ? "no answers" : `${n > 0 ? "+" : ""}${n}`;

/** A recharts chart drawn once the browser knows its width (recharts measures), inside a described image. */
function ChartFrame({
  label,
  height,
  children,
}: {
  label: string;
  height: number;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div
      role="img"
      aria-label={label}
      style={{
        width: "100%",
        minWidth: 0,
        maxWidth: "100%",
        height,
        overflow: "hidden",
      }}
    >
      {mounted ? (
        <ResponsiveContainer width="100%" height={height}>
          {children as React.ReactElement}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

/** The figures of a chart as a table, folded under it (the chart's table view). */
function TableView({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <details className="rc-survey-table-view">
      <summary>
        <Text size="2">Table view: {caption}</Text>
      </summary>
      <Loading label={`Table view: ${caption}`}>
        <Table.Root size="1" variant="ghost" mt="2">
          <Table.Header>
            <Table.Row>
              {head.map((h) => (
                <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={String(r[0])}>
                {r.map((cell, i) =>
                  i === 0 ? (
                    <Table.RowHeaderCell key={i}>{cell}</Table.RowHeaderCell>
                  ) : (
                    <Table.Cell key={i}>{cell}</Table.Cell>
                  )
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Loading>
    </details>
  );
}

/** One question's answers as bars (recharts, decision 094), with the counts in words and as a table. */
export function DistributionChart({
  q,
  total,
}: {
  q: DistributionView;
  total: number;
}) {
  const words = q.answers
    .map((a) => `${a.answer_label}: ${a.count}`)
    .join(", ");
  const data = q.answers.map((a) => ({
    label: a.answer_label,
    count: a.count,
  }));
  return (
    <Box mb="5">
      <Heading as="h3" size="3" mb="2">
        {q.item_code}: {q.question_text}
      </Heading>
      <ChartFrame
        label={`${q.item_code}, answers of ${total} responses: ${words}`}
        height={180}
      >
        <BarChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={axis} interval={0} />
          <YAxis tick={axis} allowDecimals={false} width={36} />
          <Tooltip />
          <Bar
            dataKey="count"
            name="Responses"
            fill={BLUE}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartFrame>
      <TableView
        caption={`answers to ${q.item_code}`}
        head={["Answer", "Responses"]}
        rows={q.answers.map((a) => [a.answer_label, a.count])}
      />
    </Box>
  );
}

/** The pre/post change (decision 105): the mean pre and post value per item code, as grouped bars, in words and as a table. */
export function EvaluationChart({
  summary,
  pre,
  post,
}: {
  summary: EvaluationSummaryView[];
  pre: string;
  post: string;
}) {
  const data = summary.map((s) => ({
    item: s.item_code,
    pre: s.pre_mean ?? 0,
    post: s.post_mean ?? 0,
  }));
  const words = summary
    .map(
      (s) =>
        `${s.item_code}: ${s.pre_mean ?? "none"} before, ${
          s.post_mean ?? "none"
        } after (${signed(s.mean_change)})`
    )
    .join("; ");
  return (
    <Box>
      <ChartFrame
        label={`Mean answer before and after, per item: ${words}`}
        height={240}
      >
        <BarChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="item" tick={axis} interval={0} />
          <YAxis tick={axis} width={36} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="pre"
            name={`Before (${pre})`}
            fill={BLUE}
            isAnimationActive={false}
          />
          <Bar
            dataKey="post"
            name={`After (${post})`}
            fill={GREEN}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartFrame>
      <TableView
        caption="the mean answer before and after"
        head={["Item", "Question", "Members", "Before", "After", "Change"]}
        rows={summary.map((s) => [
          s.item_code,
          s.question_text,
          s.members,
          s.pre_mean ?? "",
          s.post_mean ?? "",
          signed(s.mean_change),
        ])}
      />
    </Box>
  );
}
