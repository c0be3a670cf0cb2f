import { z } from "zod";
import type { Command } from "../kernel";
import { organizationSettingsSchema, organizationTypeSchema, type OrganizationSettingsInput, type OrganizationType } from "./settings";
import { isThemeColor, THEME_COLORS } from "./theme";
import { requiredMessage, requiredText } from "./validation";

/** The command payloads' schemas: the same ones validate /api payloads and forms. */

export const organizationIdSchema = z
  .string({ error: requiredMessage("organization_id", "Organization") })
  .min(1, { error: requiredMessage("organization_id", "Organization") });

export const registerOrganizationSchema = z.object({
  organizationId: organizationIdSchema,
  name: requiredText("name"),
  type: organizationTypeSchema,
});

export const updateOrganizationSettingsSchema = z.object({
  organizationId: organizationIdSchema,
  settings: organizationSettingsSchema,
});

export const MAIN_COLOR_MESSAGE = `Main Color must be one of the ${THEME_COLORS.length} theme colours`;

/** A main colour: one of the 18 theme colours' hex, any case; parsed to its upper-case hex. */
export const mainColorSchema = z
  .string({ error: requiredMessage("main_color") })
  .trim()
  .min(1, { error: requiredMessage("main_color") })
  .refine(isThemeColor, { error: MAIN_COLOR_MESSAGE })
  .transform((hex) => hex.toUpperCase());

export const changeThemeSchema = z.object({ organizationId: organizationIdSchema, mainColor: mainColorSchema });

export type RegisterOrganization = Command<
  "RegisterOrganization",
  { organizationId: string; name: string; type: OrganizationType }
>;
export type UpdateOrganizationSettings = Command<
  "UpdateOrganizationSettings",
  { organizationId: string; settings: OrganizationSettingsInput }
>;
export type ChangeTheme = Command<"ChangeTheme", { organizationId: string; mainColor: string }>;

export type DeactivateOrganization = Command<"DeactivateOrganization", { organizationId: string }>;

export type ReactivateOrganization = Command<"ReactivateOrganization", { organizationId: string }>;

/** A superadmin enters (or leaves) an organization other than their own (decision 069); the actor is the superadmin. */
export type EnterOrganization = Command<"EnterOrganization", { organizationId: string; homeOrganizationId: string }>;
export type LeaveOrganization = Command<"LeaveOrganization", { organizationId: string; homeOrganizationId: string }>;

export type OrganizationCommand =
  | RegisterOrganization
  | UpdateOrganizationSettings
  | ChangeTheme
  | DeactivateOrganization
  | ReactivateOrganization
  | EnterOrganization
  | LeaveOrganization;
