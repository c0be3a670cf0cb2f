import { z } from "zod";
import { ANNOUNCEMENT_KINDS, CHANNELS, type Audience } from "./events";
import { plainTextOf, sanitizeRichText } from "./sanitize";
import { SMS_SEGMENTS_MAX, smsSegments } from "./sms";
import { ATTACHMENT_TEXTS, ATTACHMENTS_MAX } from "./attachment-limits";

/** the most paths a draft may name before any upload is read (each is one stream read); the decider allows ATTACHMENTS_MAX */
export const ATTACHMENT_PATHS_READ_MAX = 4 * ATTACHMENTS_MAX;

export const ANNOUNCEMENT_SUBJECT_MAX = 150;
/** the words, after sanitizing (what a recipient reads) */
export const ANNOUNCEMENT_TEXT_MAX = 5000;
/** the HTML as typed, before sanitizing (a body past this is 413's cousin: refused with a message) */
export const ANNOUNCEMENT_HTML_MAX = 50_000;
export const AUDIENCE_LIST_MAX = 500;
export const RETRACT_ANNOUNCEMENT_REASON_MAX = 500;

const ids = (label: string) => z.array(z.string().trim().min(1).max(100), { error: `${label} must be a list` }).max(AUDIENCE_LIST_MAX, `At most ${AUDIENCE_LIST_MAX} ${label.toLowerCase()}`).default([]);

export const audienceSchema = z.object({
  group_ids: ids("User groups"),
  program_ids: ids("Programs"),
  event_ids: ids("Events"),
  flag_types: z.array(z.enum(["stop", "warn"], { error: "Flag filters are stop or warn" })).max(2).default([]),
  user_ids: ids("People"),
});
export const emptyAudience = (): Audience => ({ group_ids: [], program_ids: [], event_ids: [], flag_types: [], user_ids: [] });
export const audienceIsEmpty = (a: Audience) => Object.values(a).every((list) => list.length === 0);

/** The text an SMS carries: the subject, then the body's words. */
export const smsTextOf = (subject: string, bodyHtml: string) => `${subject.trim()}\n${plainTextOf(bodyHtml)}`;

/**
 * A draft as the author writes it (decision 088): the body is sanitized here (decision 090), so what is checked is
 * what recipients will read; a body of nothing but markup or a script is empty.
 */
export const announcementInputSchema = z
  .object({
    kind: z.enum(ANNOUNCEMENT_KINDS, { error: "Type must be announcement or newsletter" }).default("announcement"),
    subject: z.string({ error: "Subject is required" }).trim().min(1, "Subject is required").max(ANNOUNCEMENT_SUBJECT_MAX, `Subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`),
    body: z
      .string({ error: "Message is required" })
      .max(ANNOUNCEMENT_HTML_MAX, `Message must be at most ${ANNOUNCEMENT_HTML_MAX} characters of formatted text`)
      .transform((html) => sanitizeRichText(html)),
    audience: audienceSchema.default(emptyAudience),
    channels: z.array(z.enum(CHANNELS, { error: "Channels are INTERNAL, EMAIL or SMS" }), { error: "Channels must be a list" }).max(3).default(["INTERNAL"]).transform((c) => [...new Set(c)]),
    /**
     * stored paths of uploaded files (decision 107); the server reads each one's upload and the decider refuses more
     * than ATTACHMENTS_MAX (decision 113): this bound only keeps a request from naming thousands of uploads to read
     */
    attachments: z
      .array(z.string({ error: ATTACHMENT_TEXTS.path }).trim().min(1, ATTACHMENT_TEXTS.path).max(600, ATTACHMENT_TEXTS.path), { error: "Attachments must be a list" })
      .max(ATTACHMENT_PATHS_READ_MAX, ATTACHMENT_TEXTS.tooMany)
      .default([]),
  })
  .superRefine((value, ctx) => {
    const text = plainTextOf(value.body);
    if (!text) ctx.addIssue({ code: "custom", path: ["body"], message: "Message is required" });
    else if (text.length > ANNOUNCEMENT_TEXT_MAX) ctx.addIssue({ code: "custom", path: ["body"], message: `Message must be at most ${ANNOUNCEMENT_TEXT_MAX} characters` });
    if (value.attachments.length > 0 && !value.channels.includes("INTERNAL")) ctx.addIssue({ code: "custom", path: ["attachments"], message: ATTACHMENT_TEXTS.needsInApp });
    if (value.channels.includes("SMS")) {
      const { segments } = smsTextOf(value.subject, value.body) ? smsSegments(smsTextOf(value.subject, value.body)) : { segments: 0 };
      if (segments > SMS_SEGMENTS_MAX) ctx.addIssue({ code: "custom", path: ["body"], message: `The text message would be ${segments} SMS segments; at most ${SMS_SEGMENTS_MAX}: shorten it or leave SMS out` });
    }
  });
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const sendSchema = z.object({
  /** ISO date-time (with an offset); absent or null: now */
  send_at: z.iso.datetime({ offset: true, error: "The scheduled time must be a date and time" }).nullish(),
});

export const retractAnnouncementSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(RETRACT_ANNOUNCEMENT_REASON_MAX, `Reason must be at most ${RETRACT_ANNOUNCEMENT_REASON_MAX} characters`),
});

export const announcementListQuery = z.object({
  status: z.enum(["draft", "scheduled", "sending", "sent", "retracted"], { error: "Status must be draft, scheduled, sending, sent or retracted" }).optional(),
  page: z.coerce.number({ error: "Page must be a number" }).int("Page must be a whole number").min(0, "Page must be 0 or more").default(0),
  size: z.coerce.number({ error: "Size must be a number" }).int("Size must be a whole number").min(1, "Size must be from 1 to 100").max(100, "Size must be from 1 to 100").default(20),
});
