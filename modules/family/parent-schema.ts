import { z } from "zod";

/**
 * The parents' list and its forms (decision 064): one schema for the browser (conform) and the server.
 * Pure zod: part of the family's browser-safe face (client.ts).
 */
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A new parent account: first and last name, e-mail (unique), phone number. */
export const parentSchema = z.object({
  first_name: required("First name", 100),
  last_name: required("Last name", 100),
  email: required("E-mail", 254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "E-mail must be an e-mail address, like name@example.org" }),
  phone_number: z
    .string()
    .trim()
    .max(30, { error: "Phone number must be at most 30 characters" })
    .regex(/^[+]?[0-9 ().-]*$/, { error: "Phone number may hold digits, spaces, +, -, ( and ) only" })
    .optional(),
});
export type ParentInput = z.output<typeof parentSchema>;

/** Link a child: the participant and, when said, how the parent is related to them. */
export const linkChildSchema = z.object({
  participant_id: z
    .string({ error: "Participant is required" })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: "Participant must be a participant's id" }),
  relationship: z.string().trim().max(100, { error: "Relationship must be at most 100 characters" }).optional(),
});
export type LinkChildInput = z.output<typeof linkChildSchema>;

const pageNumber = (label: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} must be at least 0` })
    .max(max, { error: `${label} must be at most ${max}` })
    .optional()
    .transform((v) => v ?? fallback);

/** GET /api/parent: page (from 0), size (default 10), search (the parent's name or e-mail, a child's name), children (with, without). */
export const parentListQuery = z.object({
  search: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).optional().transform((v) => v ?? ""),
  page: pageNumber("Page", 0, 100000),
  size: pageNumber("Size", 10, 1000),
  children: z.enum(["with", "without"], { error: "Children must be with or without" }).optional(),
});
export type ParentListQuery = z.output<typeof parentListQuery>;

export const PARENT_TOASTS = {
  created: "Parent successfully created",
  linked: "Child successfully linked",
  unlinked: "Child successfully unlinked",
} as const;
