import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { createParticipantCall, mayManageParticipants, participantFormRulesOf, participantFormSchema, updateParticipantCall } from "#modules/participants";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

/**
 * The participant form's post on /participants and /students (decision 065), for those who create
 * participant profiles (403 otherwise): create or update through the same service as POST and PUT
 * /api/participant, after the form's schema (the one the browser ran, from the organization's
 * registration_fields); a bad form is conform's 400 reply naming the fields; another refusal shows on the form.
 */
export async function handleParticipantForm(services: AppServices, auth: Auth, request: Request, formData: FormData, back: string): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const commandId = String(formData.get("command_id") ?? "") || undefined;
  const submission = parseWithZod(formData, { schema: participantFormSchema(participantFormRulesOf(services, auth)) });
  if (intent !== "create-participant" && intent !== "update-participant") return json({ result: submission.reply({ formErrors: ["This form cannot be sent here."] }) }, { status: 400 });
  if (!mayManageParticipants(auth)) return json({ result: submission.reply({ formErrors: ["You do not have permission to create or change participants."] }) }, { status: 403 });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  // the form's own values again (the service parses them with the same schema)
  const body = { ...Object.fromEntries([...formData.keys()].map((k) => [k, formData.getAll(k).length > 1 || k === "programme_interest" ? formData.getAll(k) : formData.get(k)])), command_id: commandId };
  try {
    const answer = intent === "create-participant" ? await createParticipantCall(services, auth, body, request) : await updateParticipantCall(services, auth, id, body, request);
    return redirectWithToast(back, { type: "success", title: answer.message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fieldErrors = (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    if (fieldErrors?.status_reason) return json({ result: submission.reply({ fieldErrors: { status_reason: fieldErrors.status_reason } }) }, { status: error.status });
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}
