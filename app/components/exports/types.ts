import type { ExportListItem } from "#modules/exports";

/** Type-only: the shapes the export screens read, as the server answers them. */
export type { ExportListItem };
export type ExportProgress = { id: string; rows: number; total: number; percent: number };
export type ExportLive = { organizationId: string; topic: string };

export const EXPORT_CHANGED = "export:changed";
export const EXPORT_PROGRESS = "export:progress";

export const KIND_LABELS: Record<string, string> = {
  "check-ins": "Check-ins",
  participants: "Participants",
  "flag-history": "Note and flag history",
  "program-report": "Program report",
  "program-summary": "Program summary",
  "event-report": "Event report",
  "user-list": "User list",
  "parent-list": "Parent list",
  "survey-report": "Survey report",
  "survey-evaluation": "Survey evaluation",
  bundle: "Zip of exports",
};

/** spec-2 section 8: an empty export shows 'No Records Found' with a subtext in the spec's style. */
export const NO_RECORDS = "No Records Found";
export const EMPTY_EXPORT_TEXT: Record<string, string> = {
  "check-ins": "There are no members that checked in during this date range.",
  participants: "There are no participants that match these filters.",
  "flag-history": "There are no notes or flags for this participant.",
  "program-report": "There are no members registered in this program and no drop-ins who attended it.",
  "program-summary": "There are no programs in this organization yet.",
  "event-report": "There are no participants registered for this event.",
  "user-list": "There are no users in this user group that match these filters.",
  "parent-list": "There are no parents that match these filters.",
  "survey-report": "There are no participants that have answered this survey.",
  "survey-evaluation": "There are no members that have answered both surveys.",
  bundle: "There are no records in these exports.",
};

/** 1.2 MB style sizes. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const mdy = (ymd: unknown) => (typeof ymd === "string" && /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}` : "");

/** The filters of an export in words (dates as MM/DD/YYYY, spec-2 section 9). */
export function describeFilters(kind: string, filters: Record<string, unknown>): string {
  switch (kind) {
    case "check-ins":
      return filters.from === filters.to ? mdy(filters.from) : `${mdy(filters.from)} to ${mdy(filters.to)}`;
    case "participants": {
      const statuses = Array.isArray(filters.statuses) && filters.statuses.length ? (filters.statuses as string[]).join(", ") : "All statuses";
      return filters.search ? `${statuses}; search '${String(filters.search)}'` : statuses;
    }
    case "flag-history":
      return "One participant";
    case "program-report":
      return "One program";
    case "program-summary":
      return "All programs";
    case "event-report":
      return "One event";
    case "user-list": {
      const statuses = Array.isArray(filters.statuses) && filters.statuses.length ? (filters.statuses as string[]).join(", ") : "All statuses";
      return filters.search ? `One user group; ${statuses}; search '${String(filters.search)}'` : `One user group; ${statuses}`;
    }
    case "parent-list": {
      const which = filters.children === "with" ? "With children" : filters.children === "without" ? "Without children" : "All parents";
      return filters.search ? `${which}; search '${String(filters.search)}'` : which;
    }
    case "survey-report":
      return "One survey";
    case "survey-evaluation":
      return "One pre/post pair";
    case "bundle":
      return `${Array.isArray(filters.exportIds) ? filters.exportIds.length : 0} exports`;
    default:
      return "";
  }
}

/** The browser's IANA time zone, sent with a request for older servers: the server writes the export in the organization's zone (decision 032). */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};
