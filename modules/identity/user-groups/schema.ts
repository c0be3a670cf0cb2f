import { z } from "zod";
import { ALL_PERMISSION_IDS, type PermissionId } from "../access/permissions";
import { LEVEL } from "../access/types";

export const USER_GROUP_ICONS = ["Participants", "Coaches", "Admin", "Couple", "Volunteers"] as const;
export type UserGroupIcon = (typeof USER_GROUP_ICONS)[number];

export const SCHEME_KEYS = [
  "main",
  "secondary",
  "white",
  "black",
  "border",
  "label",
  "lightGrey",
  "inputBorder",
  "textLink",
  "darkMain",
  "tableAlternate",
  "focusShadow",
] as const;
export type ColorScheme = Record<(typeof SCHEME_KEYS)[number], string>;

export const DEFAULT_SCHEME: ColorScheme = {
  main: "#95358F",
  secondary: "#F4E8F3",
  white: "#FFFFFF",
  black: "#1C1B1F",
  border: "#E4D7E3",
  label: "#6B5E6A",
  lightGrey: "#F6F4F6",
  inputBorder: "#CFC3CE",
  textLink: "#7A2B75",
  darkMain: "#6E2669",
  tableAlternate: "#FBF7FB",
  focusShadow: "rgba(149, 53, 143, 0.25)",
};

const hexOrCss = z.string().trim().min(1).max(40);
const required = (label: string) => ({ error: `${label} is required` });

/** The user group (role) form of spec-2 section 5: one schema for the form and the /api payload. */
export const userGroupInput = z.object({
  name: z.string(required("Name")).trim().min(1, "Name is required").max(60, "Name must be at most 60 characters"),
  display_name: z.string().trim().max(60, "Display Name must be at most 60 characters").optional().default(""),
  level: z.coerce.number(required("Level")).int().min(LEVEL.participant, "Level must be between 1 and 7").max(LEVEL.kiosk, "Level must be between 1 and 7"),
  icon: z.enum(USER_GROUP_ICONS, required("Icon")),
  // a null scheme becomes the default (spec-2 section 5)
  scheme: z
    .object(Object.fromEntries(SCHEME_KEYS.map((k) => [k, hexOrCss])) as Record<(typeof SCHEME_KEYS)[number], typeof hexOrCss>)
    .nullish()
    .transform((s) => s ?? DEFAULT_SCHEME),
  permission_ids: z
    .array(z.enum(ALL_PERMISSION_IDS as [PermissionId, ...PermissionId[]], { error: "Unknown permission" }), required("Permission"))
    .min(1, "Permission is required")
    .transform((ids) => [...new Set(ids)]),
});

export type UserGroupInput = z.output<typeof userGroupInput>;
