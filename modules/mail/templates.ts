import type { MailBrand } from "./brand";
import type { MailData, MailKind } from "./kinds";

/** What one message says, before the layout: plain strings (the layout escapes them for HTML). */
export type MailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** the message's one action, its link a path of this app or an absolute address */
  button?: { label: string; link: string };
  /** lines after the button */
  after?: string[];
};

type Template<K extends MailKind> = (data: MailData<K>, brand: MailBrand) => MailContent;

const hello = (firstName?: string) => (firstName ? `Hello ${firstName},` : "Hello,");

/** A date-time in the organization's zone, e.g. "December 11, 2026 at 9:30 p.m. EST". */
export function formatWhen(iso: string, timeZone: string): string {
  const at = new Date(iso);
  try {
    return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }).format(at);
  } catch {
    return at.toISOString();
  }
}

/** One template per message kind (decision 059). */
export const TEMPLATES: { [K in MailKind]: Template<K> } = {
  "password-reset": (d) => ({
    subject: "Reset your Rollcall password",
    heading: "Reset your password",
    paragraphs: [hello(d.firstName), "Someone asked to reset the password of your Rollcall account. To choose a new password, open this link within one hour:"],
    button: { label: "Choose a new password", link: d.link },
    after: ["If you did not ask for this, you can ignore this message: your password stays as it is."],
  }),
  invitation: (d, brand) => ({
    subject: d.role === "coach" ? `${d.inviterName} invited you to join ${brand.organizationName} as a coach` : `${d.inviterName} invited you to join ${brand.organizationName}`,
    heading: `You are invited to ${brand.organizationName}`,
    paragraphs: [
      hello(d.firstName),
      d.role === "coach"
        ? `${d.inviterName} invited you to join ${brand.organizationName} on Rollcall as a coach. Open the invitation to set your password and complete your profile.`
        : `${d.inviterName} invited you to join ${brand.organizationName} on Rollcall. Open the invitation to set your password, complete your profile and sign the waiver.`,
    ],
    button: { label: "Accept the invitation", link: d.link },
    after: [`The invitation works once, until ${formatWhen(d.expiresAt, brand.timeZone)}. After that, ask ${brand.organizationName} for a new one.`],
  }),
  "membership-request-received": (d, brand) => ({
    subject: `We received your request to join ${brand.organizationName}`,
    heading: "Request received",
    paragraphs: [hello(d.firstName), `Thank you for asking to join ${brand.organizationName}. The staff will look at your request and answer by e-mail.`],
  }),
  "membership-request-approved": (d, brand) => ({
    subject: `Your request to join ${brand.organizationName} was approved`,
    heading: "Request approved",
    paragraphs: [hello(d.firstName), `Good news: ${brand.organizationName} approved your request. An invitation to set up your account follows in a separate message.`],
    ...(d.link ? { button: { label: "Open Rollcall", link: d.link } } : {}),
  }),
  "membership-request-declined": (d, brand) => ({
    subject: `Your request to join ${brand.organizationName} was declined`,
    heading: "Request declined",
    paragraphs: [hello(d.firstName), `${brand.organizationName} declined your request to join.`, ...(d.reason ? [`The reason given: ${d.reason}`] : [])],
    after: brand.supportEmail ? [`Questions? Write to ${brand.supportEmail}.`] : [],
  }),
  "organization-request-approved": (d, brand) => ({
    subject: `${brand.organizationName} is ready on Rollcall`,
    heading: "Your organization is approved",
    paragraphs: [hello(d.firstName), `Your request for ${brand.organizationName} was approved. Open the link to set up the organization's account.`],
    button: { label: "Set up the account", link: d.link },
  }),
  "webhook-disabled": (d, brand) => ({
    subject: `A webhook of ${brand.organizationName} was turned off`,
    heading: "A webhook was turned off",
    paragraphs: [hello(d.firstName), `Deliveries to ${d.url} have failed since ${d.since}, for 24 hours, so the endpoint was turned off. Fix the receiver, then turn the endpoint back on and send the failed deliveries again from the Integrations page.`],
    button: { label: "Open Integrations", link: d.link },
  }),
  "waiver-link": (d, brand) => ({
    subject: d.newVersion ? `Please sign the updated waiver of ${brand.organizationName} for ${d.participantName}` : `Please sign the waiver of ${brand.organizationName} for ${d.participantName}`,
    heading: d.newVersion ? "The waiver was updated" : "A waiver to sign",
    paragraphs: [
      hello(d.firstName),
      d.newVersion
        ? `${brand.organizationName} updated its participation waiver. Please read the new text and sign it again for ${d.participantName}.`
        : `${brand.organizationName} asks you to read and sign its participation waiver for ${d.participantName}.`,
      "It takes a minute: open the link, read the waiver, type your full name and confirm.",
    ],
    button: { label: "Read and sign the waiver", link: d.link },
    after: [`The link works once, until ${formatWhen(d.expiresAt, brand.timeZone)}. After that, ask ${brand.organizationName} for a new one.`],
  }),
  announcement: (d) => ({
    subject: d.title,
    heading: d.title,
    paragraphs: d.attachments?.length ? [...d.paragraphs, `Attached (open them in your Rollcall inbox): ${d.attachments.join(", ")}.`] : d.paragraphs,
    ...(d.attachments?.length && d.link ? { button: { label: "Open the attachments", link: d.link } } : {}),
  }),
  newsletter: (d) => ({
    subject: d.title,
    heading: d.title,
    paragraphs: d.paragraphs,
    ...(d.link ? { button: { label: d.linkLabel ?? "Read more", link: d.link } } : {}),
  }),
};
