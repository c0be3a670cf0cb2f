import type { z } from "zod";
import { DomainError } from "./errors";

/** Field errors by dotted path, in the order the schema reported them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A refused input: code VALIDATION, 400, the first message, and every field's messages in details.fieldErrors. */
export function validationError(error: z.ZodError): DomainError {
  return new DomainError("VALIDATION", error.issues[0]?.message ?? "Invalid input", 400, { fieldErrors: fieldErrorsOf(error) });
}
