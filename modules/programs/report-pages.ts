import { z } from "zod";
import { isKiosk, type Auth, type Services } from "../identity";
import { DomainError } from "../kernel";
import { programIn } from "./attendance-reads";
import { programReportPage, viewerOf } from "./report";
import { programSummaryRows } from "./report-summary";

/** The report pages' rows per page (decision 054); the export takes every row. */
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

/** ?page&size of a report page (page from 1 in the address); anything else falls back to the first page of 25. */
export const reportPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  size: z.coerce
    .number()
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n))
    .catch(25)
    .default(25),
});
export type ReportPageQuery = z.output<typeof reportPageQuery>;

export const reportPageQueryOf = (url: URL): ReportPageQuery => reportPageQuery.parse(Object.fromEntries(url.searchParams));

const totalPages = (count: number, size: number) => Math.ceil(count / size);

/** May this user export program and event reports (the pages' Export CSV button)? Not a kiosk. */
export const canExportPrograms = (auth: Auth) => !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes("CAN_EXPORT_PROGRAMS_AND_EVENTS");

/**
 * /programs/{id}/report (decision 054): the program's summary figures (its program summary row) and a
 * page of its report rows; null for an unknown program or another organization's (the page answers 404).
 */
export async function programReportScreen(services: Services, auth: Auth, programId: string | undefined, q: ReportPageQuery) {
  const program = await programIn(services, auth, programId).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  });
  if (!program) return null;
  const viewer = viewerOf(services, auth);
  const [report, summary] = await Promise.all([
    programReportPage(services.db, viewer, program, q.page - 1, q.size),
    programSummaryRows(services.db, viewer, 0, 1, program.programId),
  ]);
  return {
    program: { id: program.programId, name: program.details.name, archived_on: program.archivedOn, points_per_session: program.details.pointsPerSession },
    figures: summary.data[0] ?? null,
    rows: report.data,
    count: report.count,
    page: q.page,
    size: q.size,
    totalPages: totalPages(report.count, q.size),
    today: viewer.today,
  };
}

/** /programs/report (decision 054): a page of the program summary, every program of the organization. */
export async function programSummaryScreen(services: Services, auth: Auth, q: ReportPageQuery) {
  const viewer = viewerOf(services, auth);
  const { data, count } = await programSummaryRows(services.db, viewer, q.page - 1, q.size);
  return { rows: data, count, page: q.page, size: q.size, totalPages: totalPages(count, q.size), today: viewer.today };
}
