import { z } from "zod";

const AT_INVALID = "at must be an ISO 8601 date and time, e.g. 2026-11-20T14:30:00Z";
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time with its offset, and a real one (no 13th month). */
const isDateTime = (text: string) => ISO_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));

/** GET /api/audit/participant/{id}?at=: the moment to replay; absent or empty is now. */
export const auditQuery = z.object({
  at: z
    .string()
    .trim()
    .optional()
    .refine((at) => !at || isDateTime(at), AT_INVALID),
});

export type AuditQuery = z.infer<typeof auditQuery>;
