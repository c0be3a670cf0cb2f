import { z } from "zod";
import {
  flag,
  isEmail,
  isHexColor,
  isHttpUrl,
  messages,
  number,
  optionalText,
  optionalTextWhere,
  requiredMessage,
  requiredText,
  requireFilled,
} from "./validation";
import { canonicalTimeZone, DEFAULT_TIME_ZONE, TIME_ZONE_MESSAGE } from "./time-zone";

/**
 * The organization settings (spec-1 section 3, "Organization information") with the rules of
 * section 5 and the defaults of section 9. Optional fields may be left out, or null: they get their
 * default, so a parsed value is always the full settings object.
 */

export const ORGANIZATION_TYPES = ["school", "other"] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const SENDING_METHODS = ["INTERNAL", "SMS", "EMAIL"] as const;
export type SendingMethod = (typeof SENDING_METHODS)[number];

export const FEATURE_KEYS = ["program_builder", "communication", "report", "program", "event", "document"] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Section 9: 'The default school option is a default school board text.' (the text itself is not shown) */
export const DEFAULT_SCHOOL_OPTION = "Default School Board";
export const REPORT_NAV_SLOTS = 3;
export const REPORT_DEFAULTS = { audience: "tableau", scope: "tableau:views:embed", algorithm: "HS256" } as const;
export const PROGRAM_DEFAULTS = { program_schedule_start: 6, program_schedule_end: 23.5, max_no_of_programs: 0 } as const;
export const DEFAULT_LOCALIZATION = "default";

export const organizationTypeSchema = z.enum(ORGANIZATION_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? requiredMessage("type") : messages.oneOf("type", ORGANIZATION_TYPES)),
});

/** An object the payload may leave out: its fields then get their defaults (or their required messages). */
const section = <T extends z.ZodType>(schema: T) => schema.prefault({} as z.input<T>);

const addressSchema = section(z.object(
  {
    address: optionalText("address"),
    street_address: requiredText("street_address"),
    city: requiredText("city"),
    state: requiredText("state"),
    postal_code: requiredText("postal_code"),
    unit: optionalText("unit"),
  },
  { error: requiredMessage("address") },
));

const hexColor = (field: string) => optionalTextWhere(field, isHexColor, messages.hexColor(field));

const hours = (field: string, fallback: number) =>
  number(field, fallback).refine((v) => v >= 0 && v <= 24, { error: messages.between(field, 0, 24) });

const enabled = (field: string) => flag(field, false);

const reportNavEntry = z.object({
  title: optionalText("title"),
  tableau_link: optionalTextWhere("tableau_link", isHttpUrl, messages.url("tableau_link")),
});

const emptyNav = () => Array.from({ length: REPORT_NAV_SLOTS }, () => ({ title: "", tableau_link: "" }));

const REPORT_REQUIRED = ["client_id", "user_email", "audience", "scope", "algorithm", "secret_id", "secret_value"] as const;

const reportSchema = z
  .object({
    is_enabled: enabled("is_enabled"),
    nav: z
      .array(reportNavEntry, { error: `Nav must have ${REPORT_NAV_SLOTS} entries` })
      .length(REPORT_NAV_SLOTS, { error: `Nav must have ${REPORT_NAV_SLOTS} entries` })
      .nullish()
      .transform((v) => v ?? emptyNav()),
    client_id: optionalText("client_id"),
    user_email: optionalText("user_email"),
    audience: optionalText("audience", REPORT_DEFAULTS.audience),
    scope: optionalText("scope", REPORT_DEFAULTS.scope),
    algorithm: optionalText("algorithm", REPORT_DEFAULTS.algorithm),
    secret_id: optionalText("secret_id"),
    secret_value: optionalText("secret_value"),
  })
  .superRefine((report, ctx) => {
    if (report.is_enabled) requireFilled(report, REPORT_REQUIRED, ctx);
  });

const PROGRAM_REQUIRED = ["program_cycle_start", "program_cycle_end"] as const;

const programSchema = z
  .object({
    is_enabled: enabled("is_enabled"),
    program_cycle_start: optionalText("program_cycle_start"),
    program_cycle_end: optionalText("program_cycle_end"),
    program_schedule_start: hours("program_schedule_start", PROGRAM_DEFAULTS.program_schedule_start),
    program_schedule_end: hours("program_schedule_end", PROGRAM_DEFAULTS.program_schedule_end),
    register_subtitle: optionalText("register_subtitle"),
    max_no_of_programs: z
      .number({ error: messages.number("max_no_of_programs") })
      .int({ error: messages.whole("max_no_of_programs") })
      .min(0, { error: messages.atLeast("max_no_of_programs", 0) })
      .nullish()
      .transform((v) => v ?? PROGRAM_DEFAULTS.max_no_of_programs),
    has_saturday: flag("has_saturday", false),
    has_sunday: flag("has_sunday", false),
  })
  .superRefine((program, ctx) => {
    if (program.is_enabled) requireFilled(program, PROGRAM_REQUIRED, ctx);
  });

const sendingMethod = z.enum(SENDING_METHODS, { error: messages.oneOf("sending_methods", SENDING_METHODS) });

const featuresSchema = z.object({
  program_builder: section(z.object({ is_enabled: enabled("is_enabled") })),
  communication: section(z.object({
    is_enabled: enabled("is_enabled"),
    sending_methods: z
      .array(sendingMethod, { error: messages.oneOf("sending_methods", SENDING_METHODS) })
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })),
  report: section(reportSchema),
  program: section(programSchema),
  event: section(z.object({ is_enabled: enabled("is_enabled"), event_subtitle: optionalText("event_subtitle") })),
  document: section(z.object({ is_enabled: enabled("is_enabled") })),
});

/**
 * The organization's IANA time zone (docs/decisions/032): missing, null or blank is the default
 * (America/Toronto); a name Intl does not know is refused; a known one is stored in its listed spelling.
 */
const timeZoneField = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return DEFAULT_TIME_ZONE;
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE, input: value });
    return z.NEVER;
  });

/**
 * spec-1 section 3's `registration_fields`: which optional fields of a participant's profile the
 * organization asks for, and which of them are required (docs/decisions/065-participant-profiles.md).
 * A field left out is asked for and optional; names, date of birth, gender and pick-up permission are
 * always asked and required.
 */
export const REGISTRATION_FIELD_KEYS = [
  "email",
  "phone_number",
  "contact_name",
  "preferred_contact",
  "address",
  "postal_code",
  "province",
  "school_name",
  "medical_conditions",
  "pronouns",
  "household_income",
  "birthplace",
  "programme_interest",
  "how_heard",
] as const;
export type RegistrationFieldKey = (typeof REGISTRATION_FIELD_KEYS)[number];
export const REGISTRATION_FIELD_MODES = ["hidden", "optional", "required"] as const;
export type RegistrationFieldMode = (typeof REGISTRATION_FIELD_MODES)[number];
export type RegistrationFields = Partial<Record<RegistrationFieldKey, RegistrationFieldMode>>;

/** Each field's name as the participant form labels it (the form's labels spread these: one wording). */
export const REGISTRATION_FIELD_LABELS: Readonly<Record<RegistrationFieldKey, string>> = {
  email: "Email",
  phone_number: "Phone Number",
  contact_name: "Primary Contact Name",
  preferred_contact: "Preferred Contact",
  address: "Address",
  postal_code: "Postal Code",
  province: "Province or State",
  school_name: "School Name",
  medical_conditions: "Medical Conditions",
  pronouns: "Pronouns",
  household_income: "Household Income",
  birthplace: "Born in Canada",
  programme_interest: "Programme Interest",
  how_heard: "How Did You Hear About Us",
};
export const REGISTRATION_FIELD_MODE_LABELS: Readonly<Record<RegistrationFieldMode, string>> = { hidden: "Hidden", optional: "Optional", required: "Required" };

export const REGISTRATION_FIELDS_KEYS_MESSAGE = `registration_fields keys must be ${REGISTRATION_FIELD_KEYS.join(", ")}`;
export const registrationModeMessage = (key: RegistrationFieldKey) => `${REGISTRATION_FIELD_LABELS[key]} must be Hidden, Optional or Required`;

/**
 * One optional entry per field (decision 070): a field left out keeps the participant form's default; an
 * unknown field is refused. The /customize form posts every field (registration_fields.email=required).
 */
export const registrationFieldsSchema = z.strictObject(
  Object.fromEntries(REGISTRATION_FIELD_KEYS.map((key) => [key, z.enum(REGISTRATION_FIELD_MODES, { error: registrationModeMessage(key) }).optional()])) as Record<
    RegistrationFieldKey,
    z.ZodOptional<z.ZodEnum<{ [M in RegistrationFieldMode]: M }>>
  >,
  { error: (issue) => (issue.code === "unrecognized_keys" ? REGISTRATION_FIELDS_KEYS_MESSAGE : "registration_fields must be an object of field names and hidden, optional or required") },
);

export const organizationSettingsSchema = z.object({
  name: requiredText("name"),
  type: organizationTypeSchema,
  address: addressSchema,
  phone_number: optionalText("phone_number"),
  email: optionalText("email"),
  support_email: optionalTextWhere("support_email", isEmail, messages.email("support_email")),
  // switches
  is_daily_screening_form: flag("is_daily_screening_form", false),
  is_member_check_in_or_out: flag("is_member_check_in_or_out", true),
  /** security codes and printable tags at check-in (docs/decisions/036) */
  is_security_codes: flag("is_security_codes", true),
  social_feed: optionalText("social_feed"),
  is_social_feed: flag("is_social_feed", false),
  school_option: requiredText("school_option"),
  // look: colours and the logo / alt-text pairs (sign-in page, left sidebar, sign-in banner, email banner)
  brand_color_hex_code: hexColor("brand_color_hex_code"),
  brand_color_highlight: hexColor("brand_color_highlight"),
  sign_in_page_logo: optionalText("sign_in_page_logo"),
  sign_in_page_logo_alt: optionalText("sign_in_page_logo_alt"),
  left_sidebar_logo: optionalText("left_sidebar_logo"),
  left_sidebar_logo_alt: optionalText("left_sidebar_logo_alt"),
  sign_in_banner: optionalText("sign_in_banner"),
  sign_in_banner_alt: optionalText("sign_in_banner_alt"),
  email_banner: optionalText("email_banner"),
  email_banner_alt: optionalText("email_banner_alt"),
  localization: optionalText("localization", DEFAULT_LOCALIZATION),
  time_zone: timeZoneField,
  features: section(featuresSchema),
  /** absent in settings stored before participant profiles (decision 065): every optional field asked, none required */
  registration_fields: registrationFieldsSchema.optional(),
});

/** The settings as stored and read: every field present. */
export type OrganizationSettings = z.output<typeof organizationSettingsSchema>;
/**
 * The settings as an event or a read model may hold them: those stored before the time zone existed have
 * none, nor those stored before security codes (docs/decisions/036) their switch.
 */
export type StoredOrganizationSettings = Omit<OrganizationSettings, "time_zone" | "is_security_codes"> & { time_zone?: string; is_security_codes?: boolean };

/** Stored settings as read today: a missing time zone is the default one, a missing codes switch is on (no event is migrated). */
export const readStoredSettings = (settings: StoredOrganizationSettings): OrganizationSettings => ({
  ...settings,
  time_zone: typeof settings.time_zone === "string" && settings.time_zone ? settings.time_zone : DEFAULT_TIME_ZONE,
  is_security_codes: settings.is_security_codes !== false,
});

/** The settings as a form or an /api payload may send them. */
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;

/**
 * A new organization's settings (section 9). The address and the report and program details are
 * left for the organization to fill in, so these do not pass the schema until the address is given.
 */
export function defaultSettings(name: string, type: OrganizationType): OrganizationSettings {
  return {
    name,
    type,
    address: { address: "", street_address: "", city: "", state: "", postal_code: "", unit: "" },
    phone_number: "",
    email: "",
    support_email: "",
    is_daily_screening_form: false,
    is_member_check_in_or_out: true,
    is_security_codes: true,
    social_feed: "",
    is_social_feed: false,
    school_option: DEFAULT_SCHOOL_OPTION,
    brand_color_hex_code: "",
    brand_color_highlight: "",
    sign_in_page_logo: "",
    sign_in_page_logo_alt: "",
    left_sidebar_logo: "",
    left_sidebar_logo_alt: "",
    sign_in_banner: "",
    sign_in_banner_alt: "",
    email_banner: "",
    email_banner_alt: "",
    localization: DEFAULT_LOCALIZATION,
    time_zone: DEFAULT_TIME_ZONE,
    features: {
      program_builder: { is_enabled: false },
      communication: { is_enabled: false, sending_methods: [] },
      report: {
        is_enabled: false,
        nav: emptyNav(),
        client_id: "",
        user_email: "",
        ...REPORT_DEFAULTS,
        secret_id: "",
        secret_value: "",
      },
      program: {
        is_enabled: false,
        program_cycle_start: "",
        program_cycle_end: "",
        ...PROGRAM_DEFAULTS,
        register_subtitle: "",
        has_saturday: false,
        has_sunday: false,
      },
      event: { is_enabled: false, event_subtitle: "" },
      document: { is_enabled: false },
    },
  };
}

/** The features switched on, in the order of FEATURE_KEYS. */
export const enabledFeatures = (settings: Pick<OrganizationSettings, "features">): FeatureKey[] =>
  FEATURE_KEYS.filter((key) => settings.features[key].is_enabled);

/** The settings without the report's secret value: what may leave the server for a page. */
export const withoutSecrets = (settings: OrganizationSettings): OrganizationSettings => ({
  ...settings,
  features: { ...settings.features, report: { ...settings.features.report, secret_value: "" } },
});
