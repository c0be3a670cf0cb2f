import { queueMail, type MailServices } from "../../mail";
import type { InvitationKind } from "../users/events";

/**
 * The one place an invitation e-mail leaves (decision 063): the mail context's `invitation` message (decision
 * 059), which puts the link under PUBLIC_URL (an absolute link) and says until when it works. The dedupe key
 * is the token's hash: a retried send never mails twice, a resend (a new token) always mails.
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
  /** an idempotency key for the message (e.g. the token's hash) */
  dedupeKey?: string;
};

export async function sendInvitationMail(services: MailServices, mail: InvitationMail): Promise<void> {
  await queueMail(services, {
    organizationId: mail.organizationId,
    to: mail.to,
    kind: "invitation",
    data: { role: mail.role, firstName: mail.firstName, inviterName: mail.inviterName, link: mail.linkPath, expiresAt: mail.expiresAt },
    // the organizations' read model may not be projected yet (the demo seed): the invitation names it itself
    brand: { organizationName: mail.organizationName },
    dedupeKey: mail.dedupeKey,
  });
}
