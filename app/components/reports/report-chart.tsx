import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ReportFigures, ReportRow } from "#modules/reports/client";

type Series = { key: string; label: string; color: string };
type Plan = { kind: "bar" | "line"; x: string; series: Series[]; stacked?: boolean; data?: (f: ReportFigures) => ReportRow[] };

const C = { blue: "#0d74ce", green: "#218358", orange: "#cc4e00", purple: "#6e56cf", red: "#ce2c31", gray: "#60646c" };

/** Which chart each dashboard draws, from the same rows as its table. */
const PLANS: Record<ReportFigures["name"], Plan> = {
  attendance: { kind: "line", x: "date", series: [{ key: "checkins", label: "Check-ins", color: C.blue }, { key: "members", label: "Members checked in", color: C.green }] },
  "attendance-hours": {
    kind: "bar",
    x: "hour",
    series: [{ key: "checkins", label: "Check-ins (all weekdays)", color: C.blue }],
    data: (f) => f.columns.filter((c) => /^\d\d:00$/.test(c.key)).map((c) => ({ hour: c.label, checkins: f.rows.reduce((s, r) => s + Number(r[c.key] ?? 0), 0) })),
  },
  members: { kind: "bar", x: "month", series: [{ key: "active", label: "Active", color: C.blue }, { key: "new", label: "New", color: C.green }, { key: "lapsed", label: "Lapsed", color: C.orange }] },
  programs: { kind: "bar", x: "program", series: [{ key: "rate", label: "Attendance rate (%)", color: C.purple }] },
  flags: {
    kind: "bar",
    x: "date",
    stacked: true,
    series: [{ key: "stop_raised", label: "Stop raised", color: C.red }, { key: "warn_raised", label: "Warn raised", color: C.orange }, { key: "stop_resolved", label: "Stop resolved", color: C.green }, { key: "warn_resolved", label: "Warn resolved", color: C.blue }],
  },
  screening: { kind: "bar", x: "date", series: [{ key: "checked_in", label: "Members checked in", color: C.gray }, { key: "screened", label: "Screenings filled", color: C.green }, { key: "failed", label: "Failed", color: C.red }] },
  surveys: { kind: "bar", x: "date", series: [{ key: "completed", label: "Responses submitted", color: C.purple }] },
  points: { kind: "bar", x: "date", series: [{ key: "earned", label: "Earned", color: C.green }, { key: "spent", label: "Spent", color: C.orange }] },
};

/**
 * A dashboard's chart (recharts, decision 094), drawn in the browser once it has a width; the text alternative
 * names the figures for screen readers (the chart itself is one image to them) and stays on screen under it.
 */
export function ReportChart({ figures }: { figures: ReportFigures }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const plan = PLANS[figures.name];
  const data = plan.data ? plan.data(figures) : figures.rows;
  const axis = { fontSize: 12, fill: "#60646c" };
  return (
    <div role="img" aria-label={`${figures.title}: ${figures.text}`} style={{ width: "100%", height: 240 }}>
      {mounted ? (
        <ResponsiveContainer width="100%" height={240}>
          {plan.kind === "line" ? (
            <LineChart data={data} margin={{ top: 8, right: 28, bottom: 4, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey={plan.x} tick={axis} minTickGap={16} />
              <YAxis tick={axis} allowDecimals={false} width={40} />
              <Tooltip />
              <Legend />
              {plan.series.map((s) => (
                <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} dot={data.length <= 31} strokeWidth={2} isAnimationActive={false} />
              ))}
            </LineChart>
          ) : (
            <BarChart data={data} margin={{ top: 8, right: 28, bottom: 4, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey={plan.x} tick={axis} minTickGap={8} />
              <YAxis tick={axis} allowDecimals={false} width={40} />
              <Tooltip />
              <Legend />
              {plan.series.map((s) => (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={plan.stacked ? "a" : undefined} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}
