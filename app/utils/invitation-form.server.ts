import { json } from "@remix-run/node";
import { invitationFormAction, mayInviteAnyone, type Auth } from "#modules/identity";
import { DomainError, idFrom, newId } from "#modules/kernel";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

export const INVITATION_INTENTS = ["send-invitation", "revoke-invitation"] as const;
export const isInvitationIntent = (intent: unknown): intent is (typeof INVITATION_INTENTS)[number] => (INVITATION_INTENTS as readonly unknown[]).includes(intent);

/**
 * A list's Invite / Resend / Revoke post (decision 063): the same service as the /api/invitation calls; a
 * refusal (another organization's user, a level rule, no permission) comes back as a toast with its status.
 */
export async function handleInvitationForm(services: AppServices, auth: Auth, formData: FormData, back: string): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const key = String(formData.get("command_id") ?? "").slice(0, 200);
  // the form's key, scoped to this user: a resubmitted form sends once
  const commandId = key ? idFrom("invitation-form", auth.organization.id, auth.user.id, key) : newId();
  if (!mayInviteAnyone(auth)) return json({ code: "FORBIDDEN", message: "You do not have permission to invite users." }, { status: 403 });
  try {
    const message = await invitationFormAction(services, auth, intent === "revoke-invitation" ? "revoke" : "send", id, commandId);
    return redirectWithToast(back, { type: "success", title: message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(back, { type: "error", title: error.message }, services.production);
  }
}
