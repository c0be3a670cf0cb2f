import { json } from "@remix-run/node";
import type { Auth } from "#modules/identity";
import { DomainError, idFrom, newId } from "#modules/kernel";
import { inviteParticipantCall, mayInviteParticipants, revokeParticipantInvitation } from "#modules/participants";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

export const isParticipantInvitationIntent = (intent: unknown) => intent === "invite-participant" || intent === "revoke-participant-invitation";

/**
 * The participant panel's Invite / Resend / Revoke (decision 068): the same services as POST
 * /api/participant/{id}/invitation and DELETE /api/invitation/{user id}; a refusal (too young, no e-mail, an
 * e-mail in use, another organization's participant) comes back as a toast; the panel stays open.
 */
export async function handleParticipantInvitationForm(services: AppServices, auth: Auth, formData: FormData, back: string): Promise<Response> {
  if (!mayInviteParticipants(auth)) return json({ code: "FORBIDDEN", message: "You do not have permission to invite participants." }, { status: 403 });
  const id = String(formData.get("id") ?? "");
  const key = String(formData.get("command_id") ?? "").slice(0, 200);
  // the form's key, scoped to this user: a resubmitted form sends once
  const commandId = key ? idFrom("participant-invitation-form", auth.organization.id, auth.user.id, key) : newId();
  try {
    const message =
      formData.get("intent") === "revoke-participant-invitation"
        ? await revokeParticipantInvitation(services, auth, id, commandId)
        : (await inviteParticipantCall(services, auth, id, commandId)).message;
    return redirectWithToast(back, { type: "success", title: message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(back, { type: "error", title: error.message }, services.production);
  }
}
