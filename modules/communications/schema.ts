import { z } from "zod";

export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;
export const RETRACT_REASON_MAX = 500;
export const RECIPIENTS_MAX = 50;

const subject = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`);
const body = z
  .string({ error: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(BODY_MAX, `Message must be at most ${BODY_MAX} characters`);

/** A new conversation (decision 073): one schema in the browser and on the server. */
export const newThreadSchema = z.object({
  subject,
  body,
  recipient_ids: z
    .array(z.string().trim().min(1), { error: "Choose at least one recipient" })
    .min(1, "Choose at least one recipient")
    .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} recipients; send an announcement to more`),
});
export type NewThreadInput = z.infer<typeof newThreadSchema>;

export const replySchema = z.object({ body });
export const retractSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(RETRACT_REASON_MAX, `Reason must be at most ${RETRACT_REASON_MAX} characters`),
});

/** GET /api/message/inbox (spec-1 section 10: is_read=false, status=Active, page=0, size=1 drives the badge). */
export const inboxQuery = z.object({
  is_read: z.enum(["true", "false"], { error: "is_read must be true or false" }).optional(),
  status: z.enum(["Active", "Archived"], { error: "Status must be Active or Archived" }).default("Active"),
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  page: z.coerce.number({ error: "Page must be a number" }).int("Page must be a whole number").min(0, "Page must be 0 or more").default(0),
  size: z.coerce.number({ error: "Size must be a number" }).int("Size must be a whole number").min(1, "Size must be from 1 to 100").max(100, "Size must be from 1 to 100").default(20),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

/** GET /api/message/recipients: a name to look for, and how many to answer. */
export const recipientQuery = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  size: z.coerce.number({ error: "Size must be a number" }).int("Size must be a whole number").min(1, "Size must be from 1 to 50").max(50, "Size must be from 1 to 50").default(20),
});
