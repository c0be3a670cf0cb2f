import { z } from "zod";

/** A link in a message: a path of this app (put under PUBLIC_URL) or an absolute http(s) address. */
const link = z.string().trim().min(1).max(2000);
const name = z.string().trim().min(1).max(200);

/**
 * Every kind of message and what its template needs (decision 059). Other contexts queue these through
 * `queueMail`; the data is checked here before anything is recorded.
 */
export const MAIL_DATA = {
  "password-reset": z.object({ firstName: name, link }),
  invitation: z.object({
    role: z.enum(["participant", "coach"]),
    firstName: name.optional(),
    inviterName: name,
    link,
    /** ISO date-time the link stops working */
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  "membership-request-received": z.object({ firstName: name }),
  "membership-request-approved": z.object({ firstName: name, link: link.optional() }),
  "membership-request-declined": z.object({ firstName: name, reason: z.string().trim().max(2000).optional() }),
  "organization-request-approved": z.object({ firstName: name, link }),
  /** decision 079: an endpoint whose deliveries failed for 24 hours was turned off */
  "webhook-disabled": z.object({ firstName: name, url: link, since: z.iso.datetime({ offset: true }), link }),
  /** decision 088: a staff announcement by e-mail (transactional: unsubscribing from newsletters does not stop it) */
  /** decision 100: staff send a waiver's signing link from /waivers to a parent or guardian, or to an adult member */
  "waiver-link": z.object({
    firstName: name.optional(),
    participantName: name,
    link,
    /** ISO date-time the link stops working */
    expiresAt: z.iso.datetime({ offset: true }),
    /** a new version of the text asks for a new signature */
    newVersion: z.boolean().default(false),
  }),
  announcement: z.object({
    title: z.string().trim().min(1).max(200),
    paragraphs: z.array(z.string().trim().min(1).max(5000)).min(1).max(50),
    /** decision 107: the attachments' names and sizes ('menu.pdf (180 KB)'), opened in the app by `link` */
    attachments: z.array(z.string().trim().min(1).max(300)).max(5).optional(),
    link: link.optional(),
  }),
  newsletter: z.object({
    title: z.string().trim().min(1).max(200),
    paragraphs: z.array(z.string().trim().min(1).max(5000)).min(1).max(50),
    link: link.optional(),
    linkLabel: z.string().trim().min(1).max(100).optional(),
  }),
} as const;

export type MailKind = keyof typeof MAIL_DATA;
export type MailData<K extends MailKind> = z.output<(typeof MAIL_DATA)[K]>;
export const MAIL_KINDS = Object.keys(MAIL_DATA) as MailKind[];

/** Newsletters stop at an unsubscribed address; every other kind is transactional and still goes. */
export const NEWSLETTER_KINDS: readonly MailKind[] = ["newsletter"];
export const isNewsletter = (kind: string) => (NEWSLETTER_KINDS as readonly string[]).includes(kind);

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_DATA, kind);

/** The kind's data, checked: a wrong shape is the caller's bug and throws (nothing is recorded). */
export function checkMailData<K extends MailKind>(kind: K, data: unknown): MailData<K> {
  const schema = MAIL_DATA[kind] as unknown as z.ZodType<MailData<K>>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new TypeError(`queueMail(${kind}): ${parsed.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
