import { applyFieldPolicy, fieldRoleOfAuth, type Auth, type Services } from "../identity";
import { participantReport, type ParticipantReportRow } from "../../projections/participants";
import { participantReportQuery, reportParamsOf } from "./commands";
import { listStateOf, type ParticipantList } from "./list-options";
import { ageOn } from "./options";
import { assignedCoachOf } from "./assigned";
import { mayInviteParticipants, participantInvitationStatuses } from "./service-account";

/**
 * A list or report row as the calls answer it: the read model's columns, the age, and the photo as
 * `/api/participant/{id}/photo?v=…` (null without one; docs/decisions/023).
 */
const reportRow = (row: ParticipantReportRow, now: Date) => ({
  ...row,
  participant_id: row.id,
  age: ageOn(row.dob, now),
});

/**
 * GET /api/participant_report: `{ data, count, additional_info }`, each row with the fields the caller's
 * role may see (decision 027: a kiosk gets identity, photo and status). Bad input throws the ZodError (400).
 */
export async function participantReportOf(services: Services, auth: Auth, searchParams: URLSearchParams) {
  const q = participantReportQuery.parse(reportParamsOf(searchParams));
  const report = await participantReport(services.db, auth.organization.id, { ...q, coachId: assignedCoachOf(auth) });
  const now = services.clock.now();
  const role = fieldRoleOfAuth(auth);
  return { ...report, data: report.data.map((row) => applyFieldPolicy(role, reportRow(row, now))) };
}

/**
 * /participants and /students: one page of the organization's participants from the read model, as the
 * URL asks (page, size, search, sort). A page past the end shows the last page.
 */
export async function participantListOf(services: Services, auth: Auth, searchParams: URLSearchParams): Promise<ParticipantList> {
  const state = listStateOf(searchParams);
  const organizationId = auth.organization.id;
  const query = () => ({ ...state, statuses: state.status ? [state.status] : [], coachId: assignedCoachOf(auth) });
  let report = await participantReport(services.db, organizationId, query());
  const totalPages = report.additional_info.total_pages;
  if (totalPages > 0 && state.page >= totalPages) {
    state.page = totalPages - 1;
    report = await participantReport(services.db, organizationId, query());
  }
  const now = services.clock.now();
  // the page's data reaches the browser as the /api calls' does: the same field policy (decision 027)
  const role = fieldRoleOfAuth(auth);
  // the participants' own accounts' invitations, for those who invite them (decision 068)
  const invitations = mayInviteParticipants(auth) ? await participantInvitationStatuses(services, auth, report.data) : null;
  return {
    state,
    count: report.count,
    totalPages,
    rows: report.data.map((row) => ({
      ...applyFieldPolicy(role, {
        id: row.id,
        member_id: row.member_id,
        full_name: row.full_name,
        first_name: row.first_name,
        last_name: row.last_name,
        status: row.status,
        status_reason: row.status_reason,
        is_waiver_signed: row.is_waiver_signed,
        age: ageOn(row.dob, now),
        photo_url: row.photo_url,
      }),
      ...(invitations ? { invitation_status: invitations[row.id] ?? null } : {}),
    })),
  };
}
