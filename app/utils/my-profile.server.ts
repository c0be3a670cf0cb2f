import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  changeOwnPassword,
  changePasswordSchema,
  editOwnProfile,
  MIN_PASSWORD_LENGTH,
  ownProfileSchema,
  setOwnNotificationPreferences,
  type Auth,
} from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { waitForProjection } from "#projections";
import { notificationsFormSchema } from "~/components/my-profile/notifications-form-schema";
import type { MyProfileActionData, MyProfileIntent } from "~/components/my-profile/types";
import type { AppServices } from "./load-context";

export type MyProfileOutcome = { data: MyProfileActionData; status: number };

const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"];

/** A refusal's field errors (an e-mail in use, a wrong current password), else its message on the form. */
function refusalReply(error: DomainError) {
  const fieldErrors = error.details?.fieldErrors as Record<string, string[]> | undefined;
  return fieldErrors ? { fieldErrors } : { formErrors: [error.message] };
}

/**
 * The /my-profile form post (decision 060): intent profile, password or notifications, each with its one
 * schema (the browser's), always the caller's own account. A bad form is conform's 400 reply; a refusal
 * keeps its status and names its field; a success waits for the identity read model and says so in a toast.
 */
export async function handleMyProfileForm(services: AppServices, auth: Auth, request: Request, formData: FormData, clientIp: string): Promise<MyProfileOutcome> {
  const intent = String(formData.get("intent") ?? "") as MyProfileIntent;
  const run = async <T>(submission: Submission<T, string[]>, hidden: string[], command: (value: T) => Promise<{ message: string; position: number }>): Promise<MyProfileOutcome> => {
    if (submission.status !== "success") return { data: { intent, result: submission.reply({ hideFields: hidden }) }, status: 400 };
    try {
      const { message, position } = await command(submission.value);
      await waitForProjection(services, "identity", { atLeast: position });
      return { data: { intent, result: submission.reply({ resetForm: hidden.length > 0 }), notice: { type: "success", title: message } }, status: 200 };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { data: { intent, result: submission.reply({ ...refusalReply(error), hideFields: hidden }) }, status: error.status };
    }
  };
  switch (intent) {
    case "profile":
      return run(parseWithZod(formData, { schema: ownProfileSchema }), [], (value) => editOwnProfile(services, auth, request, value));
    case "password":
      return run(parseWithZod(formData, { schema: changePasswordSchema(MIN_PASSWORD_LENGTH) }), PASSWORD_FIELDS, (value) =>
        changeOwnPassword(services, auth, request, value, clientIp),
      );
    case "notifications":
      return run(parseWithZod(formData, { schema: notificationsFormSchema, disableAutoCoercion: true }), [], (value) =>
        setOwnNotificationPreferences(services, auth, request, value),
      );
    default:
      return { data: { notice: { type: "error", title: "Unknown action" } }, status: 400 };
  }
}
