import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { createParentCall, linkChildCall, mayManageParents, parentSchema, unlinkChildCall } from "#modules/family";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

/**
 * The /user/parent page's posts (decision 064), through the same services as the /api/parent calls:
 * 'create-parent' (conform's reply naming the fields; an e-mail in use on the e-mail field), 'link-child'
 * and 'unlink-child' (a refusal comes back as `problem`, with its status). 403 without 'Manage parents'.
 */
export async function handleParentForm(services: AppServices, auth: Auth, request: Request, formData: FormData, back: string): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const commandId = String(formData.get("command_id") ?? "") || undefined;
  if (intent === "create-parent") {
    const submission = parseWithZod(formData, { schema: parentSchema });
    if (!mayManageParents(auth)) return json({ result: submission.reply({ formErrors: ["You do not have permission to manage parents."] }) }, { status: 403 });
    if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
    try {
      const answer = await createParentCall(services, auth, { ...submission.value, command_id: commandId }, request);
      return redirectWithToast(`${back}${back.includes("?") ? "&" : "?"}parent=${answer.data.id}`, { type: "success", title: answer.message }, services.production);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === "EMAIL_IN_USE") return json({ result: submission.reply({ fieldErrors: { email: [error.message] } }) }, { status: error.status });
      return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
  }
  if (intent !== "link-child" && intent !== "unlink-child") return json({ problem: "This form cannot be sent here." }, { status: 400 });
  const parentId = String(formData.get("parent_id") ?? "");
  try {
    const answer =
      intent === "link-child"
        ? await linkChildCall(services, auth, parentId, { participant_id: String(formData.get("participant_id") ?? ""), relationship: String(formData.get("relationship") ?? "") || undefined, command_id: commandId }, request)
        : await unlinkChildCall(services, auth, parentId, String(formData.get("child_id") ?? ""), request);
    return redirectWithToast(back, { type: "success", title: answer.message }, services.production);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ problem: error.message }, { status: error.status });
  }
}
