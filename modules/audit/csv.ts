import { Readable } from "node:stream";
import { csvFormatter, neutralizeCell, TIME_ZONE_COLUMN } from "../exports";
import type { AuditChange, AuditEntry } from "./model";

/**
 * The timeline CSV's header (decision 021): one row per event, in the store's order. Its times are in the
 * organization's zone, named in the last column; 'Timestamp' is the exact instant in that zone with its
 * offset (docs/decisions/041; it was 'Time (UTC)').
 */
export const AUDIT_CSV_HEADER = ["Date", "Timestamp", "Actor", "Role", "Record", "Action", "Record ID", "Comment ID", "What changed", "Before", "After", TIME_ZONE_COLUMN] as const;

/** MM/DD/YYYY at hh:mm A (spec-2 section 9, note dates) in the given time zone. */
export function auditDate(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} at ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

const timestampFormatters = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/**
 * The exact instant in the given zone, ISO 8601 with the zone's offset then: '2026-11-20T09:03:07.120-05:00'
 * for 2026-11-20T14:03:07.120Z in America/Toronto. Sorts and parses like the UTC form, reads like the screens.
 */
export function auditTimestamp(iso: string, timeZone: string): string {
  const at = new Date(iso);
  let format = timestampFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    timestampFormatters.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const ms = at.getUTCMilliseconds();
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second), ms);
  const offsetMinutes = Math.round((wall - at.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${pad(ms, 3)}${offset}`;
}

/** One change reads as its value; several are labelled, one per line. */
const joined = (changes: readonly AuditChange[], side: "before" | "after") => {
  const shown = changes.filter((c) => c[side] !== null);
  if (changes.length === 1) return changes[0]![side] ?? "";
  return shown.map((c) => `${c.field}: ${c[side]}`).join("\n");
};

/** A timeline entry as its CSV cells, before neutralisation. */
export function auditCsvRow(entry: AuditEntry, timeZone: string): string[] {
  return [
    auditDate(entry.occurredAt, timeZone),
    auditTimestamp(entry.occurredAt, timeZone),
    entry.actor.name,
    entry.actor.role,
    entry.subject,
    entry.action,
    entry.recordId,
    entry.commentId ?? "",
    entry.changes.map((c) => c.field).join(", "),
    joined(entry.changes, "before"),
    joined(entry.changes, "after"),
    timeZone,
  ];
}

/**
 * The timeline as a CSV stream in the exports' dialect (decision 015: RFC 4180, every cell quoted, BOM),
 * every cell neutralised against spreadsheet formulas (=, +, -, @, tab, CR get a leading quote).
 */
export function auditCsvStream(entries: readonly AuditEntry[], timeZone: string): Readable {
  const stream = csvFormatter(AUDIT_CSV_HEADER);
  for (const entry of entries) stream.write(auditCsvRow(entry, timeZone).map(neutralizeCell));
  stream.end();
  return stream;
}

/** The download's file name: the participant's name made safe, and the day, MM-DD-YYYY (as the exports). */
export function auditCsvFileName(participantName: string, day: Date, timeZone: string): string {
  const safe = participantName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "participant";
  const [month, date, year] = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(day).split("/");
  return `audit-history-${safe}-${month}-${date}-${year}.csv`;
}
