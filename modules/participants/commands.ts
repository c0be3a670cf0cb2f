import { z } from "zod";
import type { Command } from "../kernel";
import { requiredMessage } from "../organizations";
import { ADULT_PICK_UP, ADULT_PICK_UP_ALIASES, GENDER_OPTIONS, PARTICIPANT_STATUSES, PICK_UP_PERMISSIONS, YES_NO, type ParticipantStatus } from "./options";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, EXPORT_PAGE_SIZE, PAGE_SIZES, SORT_OPTIONS, type SortValue } from "./list-options";
import { normalizeMemberId } from "./member-id";
import { MEMBER_ID_MIN_LENGTH } from "./member-id-format";
import { WAIVER_VERSION, WAIVER_VERSION_ID, WAIVER_VERSIONS } from "./waiver-text";
import type { ParticipantDetails } from "./events";

/** Field labels for '{Label} is required' (spec-1 section 5: the field label, else the path's words). */
export const PARTICIPANT_LABELS = {
  firstName: "First Name",
  lastName: "Last Name",
  dob: "Date of Birth",
  gender: "Gender",
  schoolName: "School Name",
  email: "Email",
  pickUpPermission: "Pick Up Permission",
  phoneNumber: "Phone Number",
  relationship: "Relationship",
  signedByName: "Full Name",
  consent: "Consent",
  status: "Status",
} as const;

const oneOf = (label: string, values: readonly string[]) => `${label} must be ${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;

const required = (label: string) => z.string({ error: requiredMessage("", label) }).trim().min(1, { error: requiredMessage("", label), abort: true });
const optional = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .nullish()
    .transform((v) => v ?? "");
const yesNo = (label: string) =>
  z
    .enum(YES_NO, { error: `${label} must be Yes or No` })
    .nullish()
    .transform((v) => v ?? "No");
const optionalId = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

const dateOfBirth = required(PARTICIPANT_LABELS.dob).refine(isCalendarDate, { error: "Date of Birth must be a date like 2014-05-30" });

/** YYYY-MM-DD naming a day that exists. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const pickupContactSchema = z.object({
  firstName: required(PARTICIPANT_LABELS.firstName),
  lastName: required(PARTICIPANT_LABELS.lastName),
  phoneNumber: required(PARTICIPANT_LABELS.phoneNumber),
  relationship: required(PARTICIPANT_LABELS.relationship),
  canPickup: z
    .boolean({ error: "Can Pickup must be true or false" })
    .nullish()
    .transform((v) => v ?? true),
});

const pickUpPermission = z.preprocess(
  (v) => (typeof v === "string" && ADULT_PICK_UP_ALIASES.includes(v.trim()) ? ADULT_PICK_UP : typeof v === "string" ? v.trim() : v),
  z
    .string({ error: requiredMessage("", PARTICIPANT_LABELS.pickUpPermission) })
    .min(1, { error: requiredMessage("", PARTICIPANT_LABELS.pickUpPermission) })
    .pipe(z.enum(PICK_UP_PERMISSIONS, { error: oneOf(PARTICIPANT_LABELS.pickUpPermission, PICK_UP_PERMISSIONS) })),
);

/** The profile fields, as commands and forms send them; normalized on the way (trimmed, defaults filled). */
export const participantProfileSchema = z
  .object({
    firstName: required(PARTICIPANT_LABELS.firstName),
    lastName: required(PARTICIPANT_LABELS.lastName),
    dob: dateOfBirth,
    gender: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({ error: requiredMessage("", PARTICIPANT_LABELS.gender) })
        .min(1, { error: requiredMessage("", PARTICIPANT_LABELS.gender) })
        .pipe(z.enum(GENDER_OPTIONS, { error: oneOf(PARTICIPANT_LABELS.gender, GENDER_OPTIONS) })),
    ),
    medicalConditions: z
      .array(z.string({ error: "Medical Conditions must be a list of text" }).trim(), { error: "Medical Conditions must be a list of text" })
      .nullish()
      .transform((list) => (list ?? []).filter((c) => c.length > 0)),
    hasEpiPen: yesNo("Has Epi Pen"),
    hasMedications: yesNo("Has Medications"),
    schoolNotApplicable: z
      .boolean({ error: "School Not Applicable must be true or false" })
      .nullish()
      .transform((v) => v ?? false),
    schoolName: optional(PARTICIPANT_LABELS.schoolName),
    contactName: optional("Contact Name"),
    phoneNumber: optional(PARTICIPANT_LABELS.phoneNumber),
    email: optional(PARTICIPANT_LABELS.email).refine((v) => v === "" || z.email().safeParse(v).success, { error: "Email must be a valid e-mail" }),
    preferredContact: optional("Preferred Contact"),
    address: optional("Address"),
    parentId: optionalId,
    pickupContacts: z
      .array(pickupContactSchema, { error: "Pickup Contacts must be a list" })
      .nullish()
      .transform((list) => list ?? []),
    pickUpPermission,
    userId: optionalId,
    /** the further answers (decision 065): their form checks them; here only their shape */
    details: z
      .record(z.string(), z.union([z.string().max(500), z.array(z.string().max(200)).max(50)]), { error: "Details must be an object of answers" })
      .nullish()
      .transform((d) => (d ?? {}) as ParticipantDetails),
  })
  .superRefine((value, ctx) => {
    // a school is asked for unless the family said it does not apply
    if (!value.schoolNotApplicable && value.schoolName === "") {
      ctx.addIssue({ code: "custom", path: ["schoolName"], message: requiredMessage("", PARTICIPANT_LABELS.schoolName), input: value.schoolName });
    }
  });

/** What a caller may send as a profile (the schema's input: optional fields may be left out). */
export type ParticipantProfileInput = z.input<typeof participantProfileSchema>;

export const participantStatusSchema = z.enum(PARTICIPANT_STATUSES, { error: oneOf(PARTICIPANT_LABELS.status, PARTICIPANT_STATUSES) });

/** What a signature holds besides its token (the token is checked first: docs/decisions/010-participants.md). */
export const signWaiverSchema = z.object({
  signedByName: required(PARTICIPANT_LABELS.signedByName),
  consent: z.literal(true, { error: requiredMessage("", PARTICIPANT_LABELS.consent) }),
  ip: optional("IP"),
  /** the text shown to the signer (a built-in one, or one the organization published: decision 100); the built-in one when not said */
  waiverVersion: z.preprocess(
    (v) => v ?? undefined,
    z
      .string({ error: "Waiver Version is not a known waiver text" })
      .regex(WAIVER_VERSION_ID, { error: "Waiver Version is not a known waiver text" })
      // a month (2026-01) names a built-in text: only the known ones; a day names a published one
      .refine((v) => !/^\d{4}-\d{2}$/.test(v) || WAIVER_VERSIONS.includes(v), { error: "Waiver Version is not a known waiver text" })
      .default(WAIVER_VERSION),
  ),
});

/** A waiver token's hash as the events keep it: SHA-256, hex (never the token itself). */
export const waiverTokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/, { error: "Token hash must be a SHA-256 digest in hex" });

export type RegisterParticipant = Command<
  "RegisterParticipant",
  ParticipantProfileInput & { participantId: string; organizationId: string; memberId: string; status?: ParticipantStatus; statusReason?: string }
>;
export type UpdateParticipant = Command<"UpdateParticipant", ParticipantProfileInput & { participantId: string }>;
/** Inactive and Alumni need a reason (decision 065); Active drops it. */
export type ChangeParticipantStatus = Command<"ChangeParticipantStatus", { participantId: string; status: ParticipantStatus; reason?: string }>;
/**
 * A single-use link to sign the waiver. `asParent`: the issuer asks as a parent (level 1) and may only
 * ask for their own children; staff of the organization may ask for any of its participants.
 */
export type IssueWaiverToken = Command<
  "IssueWaiverToken",
  {
    participantId: string;
    tokenHash: string;
    issuedBy: string | null;
    asParent: boolean;
    /** the child's guardian links as their `guardians-` stream says (decision 064: [guardian id, linked]); absent: the registered parent only */
    guardianLinks?: [string, boolean][];
    /** the participant asks for their own waiver (decision 068: the invitation's last step): the issuer must be their own account */
    asSelf?: boolean;
    /** the organization's current waiver version (decision 100): a signature of another one asks for a new one; the built-in one when absent */
    currentVersion?: string;
  }
>;
/** Signs with the hash of an issued, unexpired, unused token (the token is the signer's proof). */
export type SignWaiver = Command<
  "SignWaiver",
  { participantId: string; tokenHash: string; signedByName: string; consent: boolean; ip?: string; waiverVersion?: string | null }
>;

/**
 * Links the participant's own sign-in account (decision 068): a level-1 user made for them, invited by e-mail.
 * `today` is the organization's date (YYYY-MM-DD): the age rule is decided on it.
 */
export type LinkParticipantAccount = Command<"LinkParticipantAccount", { participantId: string; userId: string; today: string }>;

export type ParticipantCommand = RegisterParticipant | UpdateParticipant | ChangeParticipantStatus | IssueWaiverToken | SignWaiver | LinkParticipantAccount;

/* ---------- the participant calls' inputs ---------- */

const SIZES: readonly number[] = [...PAGE_SIZES, EXPORT_PAGE_SIZE];
const SORTS = SORT_OPTIONS.map((o) => o.value) as [SortValue, ...SortValue[]];
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
      z.enum(SORTS, { error: "Sort must be created_date or full_name, then asc or desc (created_date,desc)" }),
    )
    .default(DEFAULT_SORT),
});
export type ParticipantReportParams = z.output<typeof participantReportQuery>;

/**
 * The query string as the report schema's input: statuses repeated (`statuses=A&statuses=B`, `statuses[]=`)
 * or comma-separated. (A row's `query` schema sees one value per key, hence this reader of the whole URL.)
 */
export function reportParamsOf(searchParams: URLSearchParams): Record<string, unknown> {
  const statuses = [...searchParams.getAll("statuses"), ...searchParams.getAll("statuses[]")]
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const value = (key: string) => searchParams.get(key) ?? undefined;
  return { page: value("page") || undefined, size: value("size") || undefined, statuses, search: value("search"), sort: value("sort") };
}

/** POST /api/participant/member: a typed or scanned Member ID, trimmed, upper-cased, cut to 8; at least 5 characters. */
export const memberLookupBody = z.object({
  member_id: z
    .string({ error: "Member ID is required" })
    .transform(normalizeMemberId)
    .refine((id) => id.length > 0, { error: "Member ID is required" })
    .refine((id) => id.length >= MEMBER_ID_MIN_LENGTH, { error: `Member ID must be at least ${MEMBER_ID_MIN_LENGTH} characters` }),
});
export type MemberLookupBody = z.output<typeof memberLookupBody>;
