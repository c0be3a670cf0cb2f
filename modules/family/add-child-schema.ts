import { z } from "zod";
import { GENDER_OPTIONS, PICK_UP_PERMISSIONS } from "../participants/client";

/**
 * 'Add a child' on the parents' home (decision 064): what a parent tells about a new child. One schema for
 * the browser (conform) and the server; the server also refuses a date of birth after the organization's today.
 */
export const DOB_IN_FUTURE = "Date of Birth cannot be in the future";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** today in UTC, a day ahead: the browser does not know the organization's zone (the server checks in it) */
const latestDob = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export const addChildSchema = z.object({
  first_name: required("First name", 100),
  last_name: required("Last name", 100),
  dob: required("Date of Birth", 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Date of Birth must be a date like 2016-05-30" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: "Date of Birth must be a date like 2016-05-30" })
    .refine((v) => v <= latestDob(), { error: DOB_IN_FUTURE }),
  gender: z.enum(GENDER_OPTIONS, { error: "Gender is required" }),
  pick_up_permission: z.enum(PICK_UP_PERMISSIONS, { error: "Pick Up Permission is required" }),
  school_name: z.string().trim().max(200, { error: "School name must be at most 200 characters" }).optional(),
});
export type AddChildInput = z.output<typeof addChildSchema>;

export const CHILD_ADDED = "Child successfully added";
