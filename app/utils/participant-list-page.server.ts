import { redirect } from "@remix-run/node";
import type { Auth } from "#modules/identity";
import { newId } from "#modules/kernel";
import { mayManageParticipants, participantAccountOf, participantEditingOf, participantFormRulesOf, participantListOf } from "#modules/participants";
import type { AppServices } from "./load-context";
import { readForm } from "./page-form.server";
import { handleParticipantForm } from "./participant-form.server";
import { handleParticipantInvitationForm, isParticipantInvitationIntent } from "./participant-invitation-form.server";

/**
 * /participants and /students (decision 065): the list as the URL asks, and for those who create
 * participant profiles the create or edit panel (`?edit=new|{id}`: an id the caller may not edit drops
 * the parameter) with the organization's form rules.
 */
export async function participantListPageOf(services: AppServices, auth: Auth, request: Request) {
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const [list, editing] = await Promise.all([participantListOf(services, auth, url.searchParams), participantEditingOf(services, auth, edit)]);
  if (edit && !editing) {
    url.searchParams.delete("edit");
    throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
  }
  // the participant's own account and its invitation (decision 068), for those who invite
  const account = editing && editing !== "new" ? await participantAccountOf(services, auth, editing.id) : null;
  return { ...list, canManage: mayManageParticipants(auth), editing, account, rules: participantFormRulesOf(services, auth), commandId: newId() };
}

/** The panel's post: back to the list as it was, without the panel. */
export async function participantListAction(services: AppServices, auth: Auth, request: Request): Promise<Response> {
  const form = await readForm(request);
  const url = new URL(request.url);
  // Invite, Resend, Revoke on the panel: back to the same panel (decision 068)
  if (isParticipantInvitationIntent(form.get("intent"))) {
    url.searchParams.delete("index");
    return handleParticipantInvitationForm(services, auth, form, `${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
  }
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  return handleParticipantForm(services, auth, request, form, `${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
}

