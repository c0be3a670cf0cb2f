import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { acceptInvitation, cookieOf, invitationViewOf, MIN_PASSWORD_LENGTH, requestNewInvitation, SESSION_COOKIE, sessionCookie, type InvitationKind } from "#modules/identity";
import { acceptInvitationSchema, requestNewInvitationSchema } from "#modules/identity/client";
import { joiningWaiverPath } from "#modules/participants";
import type { AppServices } from "./load-context";
import { readForm } from "./page-form.server";
import { guardPage } from "./page-guard.server";

const HIDDEN = ["password", "confirmPassword"];

/**
 * /user/invite/{id} and /invite/{id} (decision 063; auth optional): the link's token decides what shows,
 * the organization and the form when it is good, 'Token expired' otherwise. Never a 500 for a bad link.
 */
export async function invitationLoader(request: Request, services: AppServices, id: string | undefined, kind: InvitationKind) {
  await guardPage(request, services);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const view = await invitationViewOf(services, id ?? "", token.slice(0, 200), kind);
  return json({ view, userId: id ?? "", token });
}

/**
 * The form's two posts: `accept` (a password and the profile: on success the person is signed in with a new
 * session and lands on /, or first, for a participant whose waiver is not signed, on the waiver page: decision 068) and `request-new` (a dead link asks the organization for a new invitation).
 */
export async function invitationAction(request: Request, services: AppServices, id: string | undefined, kind: InvitationKind) {
  await guardPage(request, services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "request-new") {
    const parsed = requestNewInvitationSchema.safeParse({ user_id: form.get("user_id"), token: form.get("token") });
    const message = parsed.success ? (await requestNewInvitation(services, parsed.data)).message : "Open the link from the e-mail again.";
    return json({ requested: message, result: undefined, expired: true }, { status: parsed.success ? 200 : 400 });
  }
  const submission = parseWithZod(form, { schema: acceptInvitationSchema(MIN_PASSWORD_LENGTH) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }), requested: null, expired: false }, { status: 400 });
  if (submission.value.user_id !== id) return json({ result: submission.reply({ formErrors: ["Token expired"], hideFields: HIDDEN }), requested: null, expired: true }, { status: 400 });
  // the page's kind must be the invitation's: a coach's link does not work on /invite/{id}
  const view = await invitationViewOf(services, submission.value.user_id, submission.value.token, kind);
  const result = view.state === "ready" ? await acceptInvitation(services, submission.value, cookieOf(request, SESSION_COOKIE)) : null;
  if (!result?.ok) return json({ result: submission.reply({ formErrors: ["Token expired"], hideFields: HIDDEN }), requested: null, expired: true }, { status: 400 });
  // a participant signs their own waiver next, as themselves (decision 068); nothing to sign: home
  const next = kind === "participant" ? await joiningWaiverPath(services, result.userId, result.organizationId) : null;
  return redirect(next ?? "/", { headers: { "Set-Cookie": sessionCookie(result.sessionToken, services.production) } });
}
