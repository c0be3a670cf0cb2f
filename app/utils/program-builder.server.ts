import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { archiveProgramCall, copyProgramCall, createProgramCall, deleteProgramCall, programFormSchema, programRulesOf, updateProgramCall } from "#modules/programs";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

/**
 * The /program-builder form post (decision 049): create / update through the programs service with the
 * form's command id (a resubmit builds once), after the same schema as the form with the organization's
 * rules; copy / archive / delete from the list. A bad form is conform's 400 reply with the fields named;
 * a refusal (e.g. PROGRAM_IN_USE) keeps its status and message. Success goes back to the list with a toast.
 */
export async function handleProgramBuilderForm(services: AppServices, auth: Auth, request: Request, formData: FormData): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const commandId = String(formData.get("command_id") ?? "") || undefined;
  const back = (message: string) => redirectWithToast("/program-builder", { type: "success", title: message }, services.production);

  if (intent === "copy" || intent === "archive" || intent === "delete") {
    try {
      const answer =
        intent === "copy"
          ? await copyProgramCall(services, auth, id, { command_id: commandId }, request)
          : intent === "archive"
            ? await archiveProgramCall(services, auth, id, { command_id: commandId }, request)
            : await deleteProgramCall(services, auth, id, request);
      return back(answer.message);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return json({ error: error.message }, { status: error.status });
    }
  }
  if (intent !== "create" && intent !== "update") return json({ error: "Unknown action" }, { status: 400 });

  const rules = programRulesOf(auth.organization);
  const submission = parseWithZod(formData, { schema: programFormSchema(rules) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const body = { ...submission.value, command_id: commandId };
  try {
    const answer = intent === "create" ? await createProgramCall(services, auth, body, request) : await updateProgramCall(services, auth, id, body, request);
    return back(answer.message);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}
