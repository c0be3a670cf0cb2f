/**
 * The organizations module's browser-safe face: the settings schema and types (the /customize form
 * validates with the server's schema) and the theme colours. Pure: no node, database or kernel-db imports.
 */
export { organizationSettingsSchema, SENDING_METHODS, type OrganizationSettings, type OrganizationSettingsInput } from "./settings";
export { THEME_COLORS } from "./theme";
export { DEFAULT_TIME_ZONE, dayBoundsIn, todayIn, timeZoneLabel, type TimeZoneOption } from "./time-zone";
