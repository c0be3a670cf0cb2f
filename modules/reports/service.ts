import { PERMISSIONS as P, type Auth, type Services } from "../identity";
import { DomainError, validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { GENDER_OPTIONS } from "../participants";
import { groupNamesOf } from "../../projections/identity";
import { programList } from "../../projections/programs";
import type { ReportFilter } from "../../projections/reports";
import { reportCsv, reportCsvName } from "./csv";
import { figuresOf } from "./figures";
import { rangeOf, reportQuery } from "./filters";
import { isReportName, REPORT_AGE_BANDS, REPORT_NAMES, REPORTS, type ReportFigures, type ReportName } from "./names";

const bad = (message: string) => new DomainError("VALIDATION", message, 400);
export const mayViewReports = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_VIEW_REPORTS);

export type ReportChoices = {
  programs: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  ageBands: readonly string[];
  genders: readonly string[];
};

/** The filters' choices: the organization's programs (archived too) and user groups, the age bands, the genders. */
export async function reportChoices(services: Services, auth: Auth): Promise<ReportChoices & { participantGroupId: string | null }> {
  const [programs, groups] = await Promise.all([
    programList(services.db, auth.organization.id, { search: "", sort: { field: "name", desc: false }, page: 0, size: 1000, status: "all" }),
    groupNamesOf(services.db, auth.organization.id),
  ]);
  return {
    programs: programs.data.map((p) => ({ id: p.id, name: p.name })),
    groups: groups.map((g) => ({ id: g.id, name: g.display_name || g.name })).sort((a, b) => a.name.localeCompare(b.name)),
    participantGroupId: groups.find((g) => g.name === "PARTICIPANT")?.id ?? null,
    ageBands: REPORT_AGE_BANDS,
    genders: GENDER_OPTIONS,
  };
}

type Resolved = { filter: ReportFilter; base: Pick<ReportFigures, "from" | "to" | "bucket" | "filters">; programNames: Map<string, string>; choices: ReportChoices };

/** Checks the filters against the organization: a message (400) for a range upside down or too long, an unknown program or group. */
export async function resolveFilters(services: Services, auth: Auth, raw: unknown): Promise<Resolved> {
  const parsed = reportQuery.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const q = parsed.data;
  const range = rangeOf(q, todayIn(timeZoneOf(auth.organization.settings), services.clock.now()));
  if ("problem" in range) throw bad(range.problem);
  const choices = await reportChoices(services, auth);
  if (q.program_id && !choices.programs.some((p) => p.id === q.program_id)) throw bad("Program not found: choose one of the organization's programs");
  if (q.group_id && !choices.groups.some((g) => g.id === q.group_id)) throw bad("User group not found: choose one of the organization's user groups");
  // members without a login of their own count in the participant group (decision 093)
  const groupIds = q.group_id ? (q.group_id === choices.participantGroupId ? [q.group_id, ""] : [q.group_id]) : undefined;
  return {
    filter: { organizationId: auth.organization.id, from: range.from, to: range.to, bucket: range.bucket, programId: q.program_id, groupIds, ageBand: q.age_band, gender: q.gender },
    base: { from: range.from, to: range.to, bucket: range.bucket, filters: { program_id: q.program_id ?? null, group_id: q.group_id ?? null, age_band: q.age_band ?? null, gender: q.gender ?? null } },
    programNames: new Map(choices.programs.map((p) => [p.id, p.name])),
    choices,
  };
}

export const unknownReport = (name: string | undefined) => bad(`Unknown report '${String(name ?? "").slice(0, 60)}': the reports are ${REPORT_NAMES.join(", ")}`);

/** GET /api/report/{name}: one dashboard's figures, the same as its CSV. */
export async function reportCall(services: Services, auth: Auth, name: string | undefined, raw: unknown): Promise<ReportFigures> {
  if (!name || !isReportName(name)) throw unknownReport(name);
  const { filter, base, programNames } = await resolveFilters(services, auth, raw);
  return figuresOf(services.db, name, filter, base, programNames);
}

/** Every dashboard at once (the /reports page), on one check of the filters, with the filters' choices. */
export async function allReports(services: Services, auth: Auth, raw: unknown): Promise<{ reports: ReportFigures[]; choices: ReportChoices }> {
  const { filter, base, programNames, choices } = await resolveFilters(services, auth, raw);
  const reports = await Promise.all(REPORTS.map((r) => figuresOf(services.db, r.name as ReportName, filter, base, programNames)));
  return { reports, choices };
}

/** GET /api/report/{name}/csv: the same figures as a CSV download. */
export async function reportCsvCall(services: Services, auth: Auth, name: string | undefined, raw: unknown): Promise<Response> {
  const figures = await reportCall(services, auth, name, raw);
  return new Response(reportCsv(figures), {
    status: 200,
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${reportCsvName(figures)}"`, "Cache-Control": "private, no-store" },
  });
}
