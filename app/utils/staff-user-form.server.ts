import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { createStaffUserCall, mayManageUsers, staffUserSchema, updateStaffUserCall, type Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

/**
 * The user form's post on /user/{role_id} (decision 061), for those who create coach profiles (403
 * otherwise): create or update through the same service as POST and PUT /api/user, after the form's schema
 * (the one the browser ran); a bad form is conform's 400 reply naming the fields; an e-mail in use is shown
 * on the e-mail field; another refusal (a level rule) keeps its status and shows on the form.
 */
export async function handleStaffUserForm(services: AppServices, auth: Auth, request: Request, formData: FormData, back: string): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const commandId = String(formData.get("command_id") ?? "") || undefined;
  const submission = parseWithZod(formData, { schema: staffUserSchema });
  if (intent !== "create-user" && intent !== "update-user") return json({ result: submission.reply({ formErrors: ["This form cannot be sent here."] }) }, { status: 400 });
  if (!mayManageUsers(auth)) return json({ result: submission.reply({ formErrors: ["You do not have permission to create or change users."] }) }, { status: 403 });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const body = { ...submission.value, command_id: commandId };
  try {
    const answer = intent === "create-user" ? await createStaffUserCall(services, auth, body, request) : await updateStaffUserCall(services, auth, id, body, request);
    return redirectWithToast(back, { type: "success", title: answer.message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "EMAIL_IN_USE") return json({ result: submission.reply({ fieldErrors: { email: [error.message] } }) }, { status: error.status });
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}
