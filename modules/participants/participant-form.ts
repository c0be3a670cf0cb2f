import { z } from "zod";
import { REGISTRATION_FIELD_LABELS, type RegistrationFieldKey, type RegistrationFieldMode, type RegistrationFields } from "../organizations/client";
import type { ParticipantDetails, ParticipantProfile, PickupContact } from "./events";
import { ADULT_PICK_UP, ADULT_PICK_UP_ALIASES, GENDER_OPTIONS, PARTICIPANT_STATUSES, PICK_UP_PERMISSIONS, PREFERRED_CONTACT_OPTIONS, PRONOUN_OPTIONS, YES_NO } from "./options";
import { BIRTHPLACE_OPTIONS, CANADIAN_PROVINCES, HOUSEHOLD_INCOME_VALUES, HOW_HEARD_OPTIONS, postalCodeFits, PROGRAMME_INTEREST_OPTIONS, US_STATES } from "./profile-options";

/**
 * The participant create and edit form, and the body of POST and PUT /api/participant (decision 065): one
 * schema for the browser (conform) and the server, built from the organization's `registration_fields`
 * (which optional fields are asked for, which are required) and today's date (a birth date may not be in
 * the future). Pure: part of the participants module's browser face. No object-level transform (conform's
 * constraints refuse them): the requirements are checked in superRefine.
 */

/** The form's labels; the registration fields' own come from the organization settings (one wording for both pages). */
export const PARTICIPANT_FORM_LABELS = {
  first_name: "First Name",
  last_name: "Last Name",
  dob: "Date of Birth",
  gender: "Gender",
  ...REGISTRATION_FIELD_LABELS,
  has_epi_pen: "Has Epi Pen",
  has_medications: "Has Medications",
  pick_up_permission: "Pick Up Permission",
  status: "Status",
  status_reason: "Reason",
} as const;

export const PARTICIPANT_STATUS_REASON_REQUIRED = "Reason is required when the status is Inactive or Alumni";

/** A field's mode for the organization: school name is required unless said otherwise (or 'not applicable'); the others optional. */
export function registrationModeOf(fields: RegistrationFields | undefined, key: RegistrationFieldKey): RegistrationFieldMode {
  return fields?.[key] ?? (key === "school_name" ? "required" : "optional");
}

export const PROVINCE_OPTIONS: readonly string[] = [...CANADIAN_PROVINCES, ...US_STATES];

const blankToUndefined = (v: unknown) => (v === null || v === undefined ? undefined : typeof v === "string" ? v.trim() || undefined : v);
const text = (label: string, max = 200) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} must be text` }).max(max, { error: `${label} must be at most ${max} characters` }).optional());
const requiredText = (label: string, max = 100) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v ?? ""),
    z.string({ error: `${label} is required` }).min(1, { error: `${label} is required` }).max(max, { error: `${label} must be at most ${max} characters` }),
  );
const oneOfMessage = (label: string, values: readonly string[]) => `${label} must be ${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: oneOfMessage(label, values) }).optional());
const list = (v: unknown) =>
  v === null || v === undefined ? [] : typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : Array.isArray(v) ? v.map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "") : v;
const checkbox = (v: unknown) => (v === "on" || v === "true" || v === true ? true : v === "false" || v === false || v === undefined || v === null || v === "" ? false : v);
const PHONE = /^[+]?[0-9 ().-]{7,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** YYYY-MM-DD naming a day that exists. */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);

const pickupContact = z.object({
  first_name: requiredText("Pick-up contact first name"),
  last_name: requiredText("Pick-up contact last name"),
  phone_number: requiredText("Pick-up contact phone number", 30).refine((v) => PHONE.test(v), { error: "Pick-up contact phone number must be a phone number, like 416-555-0100" }),
  relationship: requiredText("Pick-up contact relationship"),
  can_pickup: z.preprocess((v) => (v === undefined || v === null || v === "" ? true : checkbox(v)), z.boolean({ error: "Can pick up must be true or false" })),
});

export type ParticipantFormRules = {
  /** the organization's registration_fields */
  fields?: RegistrationFields;
  /** YYYY-MM-DD in the organization's time zone */
  today: string;
};

/** The schema of the form and the /api body for one organization's registration_fields. */
export function participantFormSchema({ fields, today }: ParticipantFormRules) {
  const L = PARTICIPANT_FORM_LABELS;
  return z
    .object({
      first_name: requiredText(L.first_name),
      last_name: requiredText(L.last_name),
      dob: requiredText(L.dob, 10).refine((v) => v === "" || isDay(v), { error: `${L.dob} must be a date like 2014-05-30` }),
      gender: z.preprocess(blankToUndefined, z.enum(GENDER_OPTIONS, { error: (i) => (i.input === undefined ? `${L.gender} is required` : oneOfMessage(L.gender, GENDER_OPTIONS)) })),
      pronouns: choice(L.pronouns, PRONOUN_OPTIONS),
      email: text(L.email, 254),
      phone_number: text(L.phone_number, 30),
      contact_name: text(L.contact_name),
      preferred_contact: choice(L.preferred_contact, PREFERRED_CONTACT_OPTIONS),
      address: text(L.address, 300),
      postal_code: text(L.postal_code, 10),
      province: z.preprocess(blankToUndefined, z.string({ error: `${L.province} must be text` }).refine((v) => PROVINCE_OPTIONS.includes(v), { error: `${L.province} must be a Canadian province or territory or a US state` }).optional()),
      school_not_applicable: z.preprocess(checkbox, z.boolean({ error: "School not applicable must be true or false" })),
      school_name: text(L.school_name),
      medical_conditions: z.preprocess(list, z.array(z.string({ error: `${L.medical_conditions} must be a list of text` }).max(200), { error: `${L.medical_conditions} must be a list of text` }).max(50)),
      has_epi_pen: z.preprocess(blankToUndefined, z.enum(YES_NO, { error: `${L.has_epi_pen} must be Yes or No` }).default("No")),
      has_medications: z.preprocess(blankToUndefined, z.enum(YES_NO, { error: `${L.has_medications} must be Yes or No` }).default("No")),
      pick_up_permission: z.preprocess(
        (v) => (typeof v === "string" && ADULT_PICK_UP_ALIASES.includes(v.trim()) ? ADULT_PICK_UP : blankToUndefined(v)),
        z.enum(PICK_UP_PERMISSIONS, { error: (i) => (i.input === undefined ? `${L.pick_up_permission} is required` : oneOfMessage(L.pick_up_permission, PICK_UP_PERMISSIONS)) }),
      ),
      /** absent: the participant's contacts stay as they are (an edit from the form) */
      pickup_contacts: z.array(pickupContact, { error: "Pickup contacts must be a list" }).max(20, { error: "At most 20 pick-up contacts" }).optional(),
      household_income: choice(L.household_income, HOUSEHOLD_INCOME_VALUES as unknown as readonly [string, ...string[]]),
      birthplace: choice(L.birthplace, BIRTHPLACE_OPTIONS),
      programme_interest: z.preprocess(list, z.array(z.enum(PROGRAMME_INTEREST_OPTIONS, { error: oneOfMessage(L.programme_interest, PROGRAMME_INTEREST_OPTIONS) }))),
      how_heard: choice(L.how_heard, HOW_HEARD_OPTIONS),
      status: z.preprocess(blankToUndefined, z.enum(PARTICIPANT_STATUSES, { error: oneOfMessage(L.status, PARTICIPANT_STATUSES) }).default("Active")),
      status_reason: text(L.status_reason, 500),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message, input: undefined });
      const asked = (key: RegistrationFieldKey) => registrationModeOf(fields, key) !== "hidden";
      const required = (key: RegistrationFieldKey) => registrationModeOf(fields, key) === "required";
      for (const key of ["email", "phone_number", "contact_name", "preferred_contact", "address", "postal_code", "province", "pronouns", "household_income", "birthplace", "how_heard"] as const) {
        if (required(key) && !v[key]) issue(key, `${L[key]} is required`);
      }
      for (const key of ["medical_conditions", "programme_interest"] as const) {
        if (required(key) && v[key].length === 0) issue(key, `${L[key]} is required`);
      }
      if (asked("school_name") && required("school_name") && !v.school_not_applicable && !v.school_name) issue("school_name", `${L.school_name} is required`);
      if (v.dob && isDay(v.dob) && v.dob > today) issue("dob", `${L.dob} must not be in the future`);
      if (asked("email") && v.email && !EMAIL.test(v.email)) issue("email", `${L.email} must be an e-mail address, like name@example.org`);
      if (asked("phone_number") && v.phone_number && !PHONE.test(v.phone_number)) issue("phone_number", `${L.phone_number} must be a phone number, like 416-555-0100`);
      if (asked("postal_code") && v.postal_code && !postalCodeFits(v.postal_code, asked("province") ? (v.province ?? "") : "")) {
        issue("postal_code", v.province ? `${L.postal_code} does not fit ${v.province}` : `${L.postal_code} must be a Canadian postal code or a US ZIP code`);
      }
      if ((v.status === "Inactive" || v.status === "Alumni") && !v.status_reason) issue("status_reason", PARTICIPANT_STATUS_REASON_REQUIRED);
    });
}

export type ParticipantFormValues = z.output<ReturnType<typeof participantFormSchema>>;

/** The command's profile from the form: hidden fields keep what the participant had (nothing for a new one). */
export function profileOfForm(form: ParticipantFormValues, fields: RegistrationFields | undefined, existing?: ParticipantProfile): ParticipantProfile {
  const asked = (key: RegistrationFieldKey) => registrationModeOf(fields, key) !== "hidden";
  const old = existing;
  const keep = <T>(key: RegistrationFieldKey, value: T, previous: T): T => (asked(key) ? value : previous);
  const before: ParticipantDetails = old?.details ?? {};
  const details: ParticipantDetails = {
    pronouns: keep("pronouns", form.pronouns, before.pronouns),
    postalCode: keep("postal_code", form.postal_code?.toUpperCase(), before.postalCode),
    province: keep("province", form.province, before.province),
    householdIncome: keep("household_income", form.household_income, before.householdIncome),
    birthplace: keep("birthplace", form.birthplace, before.birthplace),
    programmeInterest: keep("programme_interest", form.programme_interest.length > 0 ? form.programme_interest : undefined, before.programmeInterest),
    howHeard: keep("how_heard", form.how_heard, before.howHeard),
  };
  const contacts: PickupContact[] | undefined = form.pickup_contacts?.map((c) => ({
    firstName: c.first_name,
    lastName: c.last_name,
    phoneNumber: c.phone_number,
    relationship: c.relationship,
    canPickup: c.can_pickup,
  }));
  const schoolAsked = asked("school_name");
  return {
    firstName: form.first_name,
    lastName: form.last_name,
    dob: form.dob,
    gender: form.gender,
    medicalConditions: keep("medical_conditions", form.medical_conditions, old?.medicalConditions ?? []),
    hasEpiPen: form.has_epi_pen,
    hasMedications: form.has_medications,
    schoolNotApplicable: schoolAsked ? form.school_not_applicable : (old?.schoolNotApplicable ?? true),
    schoolName: schoolAsked ? (form.school_not_applicable ? "" : (form.school_name ?? "")) : (old?.schoolName ?? ""),
    contactName: keep("contact_name", form.contact_name ?? "", old?.contactName ?? ""),
    phoneNumber: keep("phone_number", form.phone_number ?? "", old?.phoneNumber ?? ""),
    email: keep("email", form.email ?? "", old?.email ?? ""),
    preferredContact: keep("preferred_contact", form.preferred_contact ?? "", old?.preferredContact ?? ""),
    address: keep("address", form.address ?? "", old?.address ?? ""),
    parentId: old?.parentId ?? null,
    pickupContacts: contacts ?? old?.pickupContacts ?? [],
    pickUpPermission: form.pick_up_permission,
    userId: old?.userId ?? null,
    details: Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== "")) as ParticipantDetails,
  };
}

/** The form's starting values for an existing participant (the edit panel). */
export function formValuesOf(p: ParticipantProfile & { status: string; statusReason?: string }) {
  const d = p.details ?? {};
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    dob: p.dob,
    gender: p.gender,
    pronouns: d.pronouns ?? "",
    email: p.email,
    phone_number: p.phoneNumber,
    contact_name: p.contactName,
    preferred_contact: p.preferredContact,
    address: p.address,
    postal_code: d.postalCode ?? "",
    province: d.province ?? "",
    school_not_applicable: p.schoolNotApplicable ? "on" : "",
    school_name: p.schoolName,
    medical_conditions: p.medicalConditions.join(", "),
    has_epi_pen: p.hasEpiPen,
    has_medications: p.hasMedications,
    pick_up_permission: p.pickUpPermission,
    household_income: d.householdIncome ?? "",
    birthplace: d.birthplace ?? "",
    programme_interest: d.programmeInterest ?? [],
    how_heard: d.howHeard ?? "",
    status: p.status,
    status_reason: p.statusReason ?? "",
  };
}
