import { parseWithZod } from "@conform-to/zod/v4";
import { createUserGroup, deleteUserGroup, updateUserGroup, userGroupInput, type Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import type { UserGroupActionData } from "~/components/user-groups/types";
import type { AppServices } from "./load-context";
import { waitForProjection } from "#projections";

export type UserGroupOutcome = { data: UserGroupActionData; status: number };

/**
 * The /role form post: intent create / update / delete through identity's user-group services. A bad
 * form is conform's 400 reply; a refusal keeps its status and its message (on the form, or as an error notice).
 */
export async function handleUserGroupForm(services: AppServices, auth: Auth, request: Request, formData: FormData): Promise<UserGroupOutcome> {
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === "delete") {
    try {
      const { message, position } = await deleteUserGroup(services, auth, request, id);
      await waitForProjection(services, "identity", { atLeast: position });
      return { data: { notice: { type: "success", title: message } }, status: 200 };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { data: { notice: { type: "error", title: error.message } }, status: error.status };
    }
  }

  if (intent !== "create" && intent !== "update") return { data: { notice: { type: "error", title: "Unknown action" } }, status: 400 };
  const submission = parseWithZod(formData, { schema: userGroupInput });
  if (submission.status !== "success") return { data: { result: submission.reply() }, status: 400 };
  try {
    const { message, position } =
      intent === "create"
        ? await createUserGroup(services, auth, request, submission.value)
        : await updateUserGroup(services, auth, request, id, submission.value);
    await waitForProjection(services, "identity", { atLeast: position });
    return { data: { result: submission.reply({ resetForm: true }), notice: { type: "success", title: message } }, status: 200 };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { data: { result: submission.reply({ formErrors: [error.message] }) }, status: error.status };
  }
}
