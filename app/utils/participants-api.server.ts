import { z } from "zod";
import { applyFieldPolicy } from "#modules/identity";
import { DomainError, isUuid } from "#modules/kernel";
import { timeZoneOf } from "#modules/organizations";
import { ageOn, MEMBER_ID_MIN_LENGTH, normalizeMemberId, PARTICIPANT_STATUSES } from "#modules/participants";
import { userNameOf } from "#projections/identity";
import { participantById, participantByMemberId, participantReport, PARTICIPANT_SORTS, type ParticipantReportRow } from "#projections/participants";
import type { Auth } from "./auth.server";
import { fieldRoleOfAuth } from "#modules/identity";
import type { AppServices } from "./load-context";
import { flagStateOf, participantExtras } from "./participant-extras.server";
import { pickUpPeopleOf } from "./pick-up-people.server";
import { registeredFileUrl } from "#modules/uploads";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, EXPORT_PAGE_SIZE, PAGE_SIZES } from "./participant-list";

const SIZES: readonly number[] = [...PAGE_SIZES, EXPORT_PAGE_SIZE];
const wholeNumber = (label: string) => z.coerce.number({ error: `${label} must be a whole number` }).int({ error: `${label} must be a whole number` });

/** The /participant_report query (spec-1 section 7): page (0-based), size, statuses, search, sort. */
export const participantReportQuery = z.object({
  page: wholeNumber("Page").min(0, { error: "Page must be 0 or more" }).default(0),
  size: wholeNumber("Size")
    .refine((n) => SIZES.includes(n), { error: `Size must be ${PAGE_SIZES.join(", ")} (or ${EXPORT_PAGE_SIZE} for an export)` })
    .default(DEFAULT_PAGE_SIZE),
  statuses: z.array(z.enum(PARTICIPANT_STATUSES, { error: "Statuses must be Active, Alumni or Inactive" })).default([]),
  search: z.string().trim().max(100, { error: "Search must be at most 100 characters" }).default(""),
  sort: z
    .preprocess(
      (v) => (typeof v === "string" && v && !v.includes(",") ? `${v},${v === "created_date" ? "desc" : "asc"}` : v || undefined),
      z.enum(PARTICIPANT_SORTS, { error: "Sort must be created_date or full_name, then asc or desc (created_date,desc)" }),
    )
    .default(DEFAULT_SORT),
});
export type ParticipantReportParams = z.output<typeof participantReportQuery>;

/** The query string as the schema's input: statuses repeated (`statuses=A&statuses=B`, `statuses[]=`) or comma-separated. */
export function reportParamsOf(searchParams: URLSearchParams): Record<string, unknown> {
  const statuses = [...searchParams.getAll("statuses"), ...searchParams.getAll("statuses[]")]
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const value = (key: string) => searchParams.get(key) ?? undefined;
  return { page: value("page") || undefined, size: value("size") || undefined, statuses, search: value("search"), sort: value("sort") };
}

/**
 * A list or report row as the calls answer it: the read model's columns, the age, and the photo as
 * `/api/participant/{id}/photo?v=…` (null without one; docs/decisions/023).
 */
export const reportRow = (row: ParticipantReportRow, now: Date) => ({
  ...row,
  participant_id: row.id,
  age: ageOn(row.dob, now),
});

/**
 * GET /api/participant_report: `{ data, count, additional_info }`, each row with the fields the caller's
 * role may see (decision 027: a kiosk gets identity, photo and status). Bad input throws the ZodError (400).
 */
export async function participantReportOf(services: AppServices, auth: Auth, searchParams: URLSearchParams) {
  const q = participantReportQuery.parse(reportParamsOf(searchParams));
  const report = await participantReport(services.db, auth.organization.id, q);
  const now = services.clock.now();
  const role = fieldRoleOfAuth(auth);
  return { ...report, data: report.data.map((row) => applyFieldPolicy(role, reportRow(row, now))) };
}

const notFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** One user's name parts, for the parent and the participant's own login (username). */
async function userOf(services: AppServices, organizationId: string, id: string | null) {
  if (!id) return undefined;
  return userNameOf(services.db, organizationId, id);
}

/**
 * GET /api/participant/{id}: the participant check-in view of spec-1 section 3, in snake_case, with the
 * fields the caller's role may see (decision 027). Another organization's participant is 404. A kiosk
 * gets the reduced view of spec-1 section 6: no username, personal info, contact or pick-up details, no
 * notes or flag texts (`is_reduced_view: true`); the fields it may not see are absent.
 */
export async function participantDetailOf(services: AppServices, auth: Auth, id: string | undefined) {
  if (!id || !isUuid(id)) throw notFound();
  const organizationId = auth.organization.id;
  const row = await participantById(services.db, organizationId, id);
  if (!row) throw notFound();
  const now = services.clock.now();
  const role = fieldRoleOfAuth(auth);
  const [extras, parent, own, photoUrl] = await Promise.all([
    participantExtras({ services, organizationId, participantId: row.id, now, timeZone: timeZoneOf(auth.organization.settings), viewer: { organizationId, userId: auth.user.id, level: auth.user.roleLevel } }),
    userOf(services, organizationId, row.parent_id),
    userOf(services, organizationId, row.user_id),
    // the photo registered with PUT /api/asset (entity participant, property photo_url), as a signed url
    registeredFileUrl(services, organizationId, "participant", row.id),
  ]);
  const full = {
    id: row.id,
    participant_id: row.id,
    member_id: row.member_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    name: own?.username ?? null,
    photo_url: photoUrl,
    dob: row.dob as string | null,
    age: ageOn(row.dob, now),
    gender: row.gender as string | null,
    medical_conditions: row.medical_conditions,
    has_epi_pen: row.has_epi_pen as string | null,
    has_medications: row.has_medications as string | null,
    school_not_applicable: row.school_not_applicable as boolean | null,
    school_name: row.school_name as string | null,
    contact_name: row.contact_name as string | null,
    phone_number: row.phone_number as string | null,
    email: row.email as string | null,
    preferred_contact: row.preferred_contact as string | null,
    address: row.address as string | null,
    // users carry no phone yet: the parent is reached on the family's number of the participant record
    parent: parent ? { id: parent.id, full_name: `${parent.first_name} ${parent.last_name}`.trim(), photo_url: null, phone_number: row.phone_number } : null,
    pickup_contacts: row.pickup_contacts,
    // who the child may be released to, each with the id a check-out names them by (decision 026)
    pick_up_people: pickUpPeopleOf(row, parent),
    pick_up_permission: row.pick_up_permission,
    status: row.status,
    is_waiver_signed: row.is_waiver_signed,
    waiver_signed_at: row.waiver_signed_at,
    ...extras,
    is_reduced_view: role === "kiosk",
  };
  return applyFieldPolicy(role, full);
}

export const memberLookupBody = z.object({
  member_id: z
    .string({ error: "Member ID is required" })
    .transform(normalizeMemberId)
    .refine((id) => id.length > 0, { error: "Member ID is required" })
    .refine((id) => id.length >= MEMBER_ID_MIN_LENGTH, { error: `Member ID must be at least ${MEMBER_ID_MIN_LENGTH} characters` }),
});

/**
 * POST /api/participant/member `{ member_id }` (spec-1 section 7): the member behind a typed or scanned
 * Member ID (trimmed, upper-cased, cut to 8). Shorter than 5: 400; unknown here: 404 MEMBER_NOT_FOUND.
 */
export async function memberLookupOf(services: AppServices, auth: Auth, body: unknown) {
  const { member_id } = memberLookupBody.parse(body);
  const row = await participantByMemberId(services.db, auth.organization.id, member_id);
  if (!row) throw new DomainError("MEMBER_NOT_FOUND", `No member with ID ${member_id}`, 404);
  const flags = await flagStateOf({ services, participantId: row.id });
  return applyFieldPolicy(fieldRoleOfAuth(auth), {
    id: row.id,
    participant_id: row.id,
    member_id: row.member_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    photo_url: row.photo_url,
    status: row.status,
    pick_up_permission: row.pick_up_permission,
    is_waiver_signed: row.is_waiver_signed,
    ...flags,
  });
}
