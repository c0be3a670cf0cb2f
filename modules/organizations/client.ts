/**
 * The organizations module's browser-safe face: the settings schema and types (the /customize form
 * validates with the server's schema) and the theme colours. Pure: no node, database or kernel-db imports.
 */
export { organizationSettingsSchema, enabledFeatures, SENDING_METHODS, type OrganizationSettings, type OrganizationSettingsInput } from "./settings";
export { REGISTRATION_FIELD_KEYS, REGISTRATION_FIELD_MODES, REGISTRATION_FIELD_LABELS, REGISTRATION_FIELD_MODE_LABELS, registrationModeMessage, type RegistrationFieldKey, type RegistrationFieldMode, type RegistrationFields } from "./settings";
export { THEME_COLORS, accentFor, DEFAULT_MAIN_COLOR, type RadixAccentColor } from "./theme";
export { DEFAULT_TIME_ZONE, dayBoundsIn, instantOfWallTime, todayIn, timeZoneLabel, wallTimeOf, type TimeZoneOption } from "./time-zone";
export { labelOf, requiredMessage } from "./validation";
export { organizationRequestSchema, declineOrganizationRequestSchema, NAME_TAKEN, type OrganizationRequestInput } from "./requests/schema";
export { ORGANIZATION_TYPES } from "./settings";
