import { queueMail } from "../../../projections/identity";
import type { Services } from "../calls/services";
import type { InvitationKind } from "../users/events";

/**
 * The one place an invitation e-mail leaves (decision 063). Today it writes `mail_outbox` through the
 * function password reset uses; when the mail context (decision 059) is in, this is where it switches to its
 * `queueMail(services, { kind: "invitation", ... })` with the same data. The link is made absolute here,
 * with the address people reach the app at: PUBLIC_URL, else this machine's port (decision 059's rule).
 */
export type InvitationMail = {
  organizationId: string;
  organizationName: string;
  to: string;
  firstName: string;
  inviterName: string;
  role: InvitationKind;
  /** the accept page's path with its token, e.g. /user/invite/{id}?token=… */
  linkPath: string;
  /** ISO date-time the link stops working */
  expiresAt: string;
};

export const publicUrl = (env: Record<string, string | undefined> = process.env): string =>
  (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || "3000"}`).replace(/\/+$/, "");

const formatExpiry = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

export function invitationMailText(mail: InvitationMail, base: string) {
  const where = mail.role === "coach" ? `${mail.organizationName} on Rollcall as a coach` : `${mail.organizationName} on Rollcall`;
  const subject = mail.role === "coach" ? `${mail.inviterName} invited you to join ${mail.organizationName} as a coach` : `${mail.inviterName} invited you to join ${mail.organizationName}`;
  const body = [
    `Hello ${mail.firstName},`,
    "",
    `${mail.inviterName} invited you to join ${where}. Open this link to set your password and complete your profile${mail.role === "participant" ? " and sign the waiver" : ""}:`,
    "",
    `${base}${mail.linkPath}`,
    "",
    `The link works once, until ${formatExpiry(mail.expiresAt)}. After that, ask ${mail.organizationName} for a new invitation.`,
  ].join("\n");
  return { subject, body };
}

export async function sendInvitationMail(services: Pick<Services, "db">, mail: InvitationMail): Promise<void> {
  const { subject, body } = invitationMailText(mail, publicUrl());
  await queueMail(services.db, { to: mail.to, subject, body });
}
