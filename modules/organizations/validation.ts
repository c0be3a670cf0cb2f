import { z } from "zod";

export type FieldPath = string | readonly PropertyKey[];

const segmentsOf = (path: FieldPath): string[] =>
  (typeof path === "string" ? path.split(".") : path.map(String)).filter((s) => s.length > 0);

/**
 * The words of a path's last named segment, capitalized, without 'id' (spec-1 section 5):
 * `address.street_address` -> 'Street Address', `client_id` -> 'Client', `features.report.nav.0.title` -> 'Title'.
 * Numeric segments (array indexes) are skipped; a segment that is only 'id' reads 'ID'.
 */
export function labelOf(path: FieldPath): string {
  const named = segmentsOf(path).filter((s) => !/^\d+$/.test(s));
  const last = named[named.length - 1] ?? "";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter((w) => w.length > 0);
  const kept = words.filter((w) => w.toLowerCase() !== "id");
  if (kept.length === 0) return words.length > 0 ? "ID" : "Field";
  return kept.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ");
}

/** '{Label} is required': the given field label, or the label derived from the path. */
export const requiredMessage = (path: FieldPath, label?: string): string => `${label ?? labelOf(path)} is required`;

/* The wording of the failures the spec does not spell out: all read '{Label} must ...'. */
export const messages = {
  email: (field: string) => `${labelOf(field)} must be a valid e-mail`,
  text: (field: string) => `${labelOf(field)} must be text`,
  flag: (field: string) => `${labelOf(field)} must be true or false`,
  number: (field: string) => `${labelOf(field)} must be a number`,
  whole: (field: string) => `${labelOf(field)} must be a whole number`,
  atLeast: (field: string, min: number) => `${labelOf(field)} must be at least ${min}`,
  between: (field: string, min: number, max: number) => `${labelOf(field)} must be between ${min} and ${max}`,
  hexColor: (field: string) => `${labelOf(field)} must be a hex colour like #95358F`,
  url: (field: string) => `${labelOf(field)} must be a valid http(s) URL`,
  oneOf: (field: string, values: readonly string[]) =>
    `${labelOf(field)} must be ${values.slice(0, -1).join(", ")}${values.length > 1 ? " or " : ""}${values[values.length - 1] ?? ""}`,
};

/** A text the user must fill in: trimmed, not empty. Missing, null and blank all read '{Label} is required'. */
export const requiredText = (field: string) =>
  z.string({ error: requiredMessage(field) }).trim().min(1, { error: requiredMessage(field) });

/** A text that may be left out: trimmed; missing or null becomes `fallback` (a blank text stays blank). */
export const optionalText = (field: string, fallback = "") =>
  z
    .string({ error: messages.text(field) })
    .trim()
    .nullish()
    .transform((v) => v ?? fallback);

/** An optional text that, when filled in, must pass `check`. */
export const optionalTextWhere = (field: string, check: (value: string) => boolean, message: string) =>
  optionalText(field).refine((v) => v === "" || check(v), { error: message });

export const flag = (field: string, fallback: boolean) =>
  z
    .boolean({ error: messages.flag(field) })
    .nullish()
    .transform((v) => v ?? fallback);

export const number = (field: string, fallback: number) =>
  z
    .number({ error: messages.number(field) })
    .nullish()
    .transform((v) => v ?? fallback);

const EMAIL = z.email();
export const isEmail = (value: string) => EMAIL.safeParse(value).success;
export const isHexColor = (value: string) => /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** Adds '{Label} is required' on each listed field of `value` that is blank. */
export function requireFilled<T extends Record<string, unknown>>(value: T, fields: readonly (keyof T & string)[], ctx: z.RefinementCtx) {
  for (const field of fields) {
    const v = value[field];
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) {
      ctx.addIssue({ code: "custom", path: [field], message: requiredMessage(field), input: v });
    }
  }
}
