import type { ReportFigures } from "./names";

const cell = (v: string | number) => {
  const s = String(v);
  // a leading = + - @ would be read as a formula by spreadsheets
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A dashboard's figures as CSV: the table's header and rows, exactly the JSON call's `columns` and `rows`. */
export function reportCsv(figures: ReportFigures): string {
  const lines = [figures.columns.map((c) => cell(c.label)).join(",")];
  for (const row of figures.rows) lines.push(figures.columns.map((c) => cell(row[c.key] ?? "")).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export const reportCsvName = (figures: ReportFigures) => `${figures.name}-${figures.from}-to-${figures.to}.csv`;
