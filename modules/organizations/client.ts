/**
 * The organizations module's browser-safe face: the settings' schema and choices and the theme colors
 * the /customize page shows and checks as the server does. Pure (zod only): app/components may import it.
 */
export { SENDING_METHODS, organizationSettingsSchema, type OrganizationSettings, type OrganizationSettingsInput } from "./settings";
export { THEME_COLORS } from "./theme";
