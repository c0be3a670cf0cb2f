import { z } from "zod";
import { DomainError } from "../../kernel";
import { SIGNED_IN } from "../access/rules";
import { apiRow, signedIn, type ApiRow } from "../calls/row";
import { MIN_PASSWORD_LENGTH } from "./passwords";
import { changeOwnPassword, editOwnProfile, ownProfileOf, setOwnNotificationPreferences } from "./profile";
import { changePasswordSchema, notificationPreferencesSchema, ownProfileSchema } from "./profile-schema";

/** GET /api/user/me's answer (decision 081). */
const OWN_PROFILE = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    notifications: z.looseObject({ newsletters: z.boolean(), program_updates: z.boolean() }),
  }),
});

/** A refusal with a wait (429, 503) carries Retry-After, as sign-in's do. */
async function withRetryAfter(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    const wait = error instanceof DomainError ? error.details?.retryAfterSeconds : undefined;
    if (!(error instanceof DomainError) || typeof wait !== "number") throw error;
    return Response.json({ code: error.code, message: error.message }, { status: error.status, headers: { "Retry-After": String(wait) } });
  }
}

/** One's own account (decision 060): signed in, never the kiosk (the SIGNED_IN rule leaves it out). */
export const ownProfileApi: readonly ApiRow[] = [
  apiRow({
    id: "user-me",
    method: "GET",
    path: "/api/user/me",
    description: "The caller's own profile: name, username, e-mail, phone number and notification preferences.",
    rule: SIGNED_IN,
    answers: { description: "{ data: { id, first_name, last_name, username, email, phone_number, notifications: { newsletters, program_updates } } }", schema: OWN_PROFILE },
    handle: (ctx) => ownProfileOf(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "user-me-update",
    method: "PUT",
    path: "/api/user/me",
    description: "Edit one's own name and contact details; an e-mail already in use is a 409 EMAIL_IN_USE.",
    rule: SIGNED_IN,
    body: ownProfileSchema,
    answers: { description: "{ message, data: { id }, position }" },
    handle: (ctx) => editOwnProfile(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "user-me-password",
    method: "PUT",
    path: "/api/user/me/password",
    description:
      "Change one's own password: current_password (counted by the sign-in limits), new_password, confirm_password. Every other session of the account ends; this one stays.",
    rule: SIGNED_IN,
    body: changePasswordSchema(MIN_PASSWORD_LENGTH),
    answers: { description: "{ message, data: { other_sessions_ended }, position }" },
    handle: (ctx) => withRetryAfter(() => changeOwnPassword(ctx.services, signedIn(ctx), ctx.request, ctx.body, ctx.clientIp)),
  }),
  apiRow({
    id: "user-me-notifications",
    method: "PUT",
    path: "/api/user/me/notifications",
    description: "Which optional e-mails one receives: newsletters, program_updates (booleans). Transactional mail always goes.",
    rule: SIGNED_IN,
    body: notificationPreferencesSchema,
    answers: { description: "{ message, data: { newsletters, program_updates }, position }" },
    handle: (ctx) => setOwnNotificationPreferences(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
];
