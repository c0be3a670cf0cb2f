import { receivesNewsletters, setNewsletterSubscription } from "../../mail";
import { claimUnique, DomainError, handleCommand, REDIS_DOWN_RETRY_AFTER_SECONDS, withinRedisDeadline } from "../../kernel";
import { findUserByLogin, ownProfileRow } from "../../../projections/identity";
import { applySelfPolicy } from "../access/field-policy";
import type { Auth } from "../calls/auth";
import { commandMetadataOf } from "../calls/row";
import type { Services } from "../calls/services";
import { signInAllowed, signInSucceeded } from "../sessions/rate-limit";
import { SIGN_IN_UNAVAILABLE } from "../sessions/sign-in";
import { userDecider, type UserState } from "./decide";
import { loginNameStream, userStream, type LoginNameClaimed, type UserEvent } from "./events";
import { hashPassword, verifyPassword } from "./passwords";
import { DEFAULT_NOTIFICATIONS, WRONG_CURRENT_PASSWORD } from "./profile-decide";
import type { ChangePasswordInput, NotificationPreferencesInput, OwnProfileInput } from "./profile-schema";
import { EMAIL_IN_USE } from "./staff-schema";

/**
 * One's own profile (decision 060): /my-profile's forms and the /api/user/me calls. Every change is a
 * command on the caller's own user stream; nobody edits another account here.
 */
type Deps = Pick<Services, "db" | "store" | "clock">;

export const PROFILE_UPDATED = "Profile successfully updated";
export const PASSWORD_CHANGED = "Password successfully changed";
export const NOTIFICATIONS_UPDATED = "Notification preferences successfully updated";

const fieldError = (code: string, message: string, status: 400 | 409, field: string) => new DomainError(code, message, status, { fieldErrors: { [field]: [message] } });

/** Where this command's events landed (0 when none): what the page waits for the read model to reach. */
const positionOf = (events: readonly { position: number }[]) => Math.max(0, ...events.map((e) => e.position));

async function stateOf(deps: Deps, userId: string): Promise<Extract<UserState, { status: "active" }>> {
  const { state } = await deps.store.aggregateStream<UserState, UserEvent>(userStream(userId), {
    initialState: userDecider.initialState,
    evolve: userDecider.evolve,
  });
  if (state.status === "none") throw new DomainError("NOT_FOUND", "User not found", 404);
  return state;
}

/** GET /api/user/me and the page: the caller's own account, contact details and e-mail choices. */
export async function ownProfileOf(services: Pick<Services, "db">, auth: Auth) {
  const row = await ownProfileRow(services.db, auth.user.id);
  if (!row) throw new DomainError("NOT_FOUND", "User not found", 404);
  const person = applySelfPolicy({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    email: row.email,
    phone_number: row.phone_number,
  });
  // an unsubscribe link followed from a newsletter (decision 059) turns them off here too
  const newsletters = row.notify_newsletters && (await receivesNewsletters(services, auth.organization.id, row.email));
  return { data: { ...person, notifications: { newsletters, program_updates: row.notify_program_updates } } };
}

/**
 * PUT /api/user/me and the profile form: the name (UserProfileUpdated) and the contact details
 * (UserContactUpdated). A new e-mail is claimed first among every sign-in name of the platform (usernames
 * and e-mails, loginname-{name} streams): one taken by anyone else is a 409 on the e-mail field.
 */
export async function editOwnProfile(services: Deps, auth: Auth, request: Request, input: OwnProfileInput) {
  const userId = auth.user.id;
  const email = input.email.trim().toLowerCase();
  const metadata = commandMetadataOf(auth, request);
  const state = await stateOf(services, userId);
  if (email !== state.profile.email.toLowerCase()) {
    // the read model too: an account registered before its names were claimed
    const holder = await findUserByLogin(services.db, email);
    if (holder && holder.id !== userId) throw fieldError("EMAIL_IN_USE", EMAIL_IN_USE, 409, "email");
    const claim: LoginNameClaimed = { type: "LoginNameClaimed", data: { name: email, userId } };
    const mine = await claimUnique(services, loginNameStream(email), claim, (e) => e.data.userId, metadata);
    if (!mine) throw fieldError("EMAIL_IN_USE", EMAIL_IN_USE, 409, "email");
  }
  const result = await handleCommand(services, userDecider, userStream(userId), {
    type: "EditOwnProfile",
    data: { userId, firstName: input.first_name, lastName: input.last_name, email, phoneNumber: input.phone_number ?? "" },
    metadata,
  });
  if (!result.ok) throw result.error;
  return { message: PROFILE_UPDATED, data: { id: userId }, position: positionOf(result.events) };
}

/** PUT /api/user/me/notifications and the notifications form: newsletters and program and event updates. */
export async function setOwnNotificationPreferences(services: Deps, auth: Auth, request: Request, input: NotificationPreferencesInput) {
  const result = await handleCommand(services, userDecider, userStream(auth.user.id), {
    type: "SetNotificationPreferences",
    data: { userId: auth.user.id, newsletters: input.newsletters, programUpdates: input.program_updates },
    metadata: commandMetadataOf(auth, request),
  });
  if (!result.ok) throw result.error;
  const now = (result.state.status === "active" && result.state.notifications) || DEFAULT_NOTIFICATIONS;
  // the mail context sends or skips newsletters by its own list (decision 059): the choice goes there too
  if (result.state.status === "active") {
    await setNewsletterSubscription(services, { organizationId: auth.organization.id, address: result.state.profile.email, subscribed: now.newsletters });
  }
  return {
    message: NOTIFICATIONS_UPDATED,
    data: { newsletters: now.newsletters, program_updates: now.programUpdates },
    position: positionOf(result.events),
  };
}

/**
 * PUT /api/user/me/password and the password form. The current password is checked as a sign-in is: the
 * attempt counts against the sign-in limits of this address and account (decision 029; 429 past them, 503
 * when Redis does not answer), and a wrong one is a 400 on current_password. On success every OTHER session
 * of the account ends (its live sockets close); the caller's own session stays signed in.
 */
export async function changeOwnPassword(
  services: Deps & Pick<Services, "redis" | "sessions" | "logger">,
  auth: Auth,
  request: Request,
  input: ChangePasswordInput,
  ip: string,
) {
  const login = auth.user.username;
  let limit: Awaited<ReturnType<typeof signInAllowed>>;
  try {
    limit = await withinRedisDeadline(signInAllowed(services.redis, ip, login, services.clock.now()));
  } catch (error) {
    services.logger.warn("password change refused: Redis is unavailable", { error: String(error) });
    throw new DomainError("SIGN_IN_UNAVAILABLE", SIGN_IN_UNAVAILABLE, 503, { retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS });
  }
  if (!limit.allowed) {
    const wait = limit.retryAfterSeconds;
    throw new DomainError("TOO_MANY_ATTEMPTS", `Too many password attempts. Please wait ${wait} ${wait === 1 ? "second" : "seconds"} and try again.`, 429, {
      retryAfterSeconds: wait,
    });
  }
  const state = await stateOf(services, auth.user.id);
  if (!(await verifyPassword(state.passwordHash, input.current_password))) {
    throw fieldError("WRONG_CURRENT_PASSWORD", WRONG_CURRENT_PASSWORD, 400, "current_password");
  }
  await withinRedisDeadline(signInSucceeded(services.redis, ip, login)).catch(() => undefined);
  if (await verifyPassword(state.passwordHash, input.new_password)) {
    throw fieldError("SAME_PASSWORD", "The new password must differ from the current one", 400, "new_password");
  }
  const result = await handleCommand(services, userDecider, userStream(auth.user.id), {
    type: "ChangeOwnPassword",
    data: { userId: auth.user.id, checkedHash: state.passwordHash, passwordHash: await hashPassword(input.new_password) },
    metadata: commandMetadataOf(auth, request),
  });
  if (!result.ok) throw result.error;
  const ended = await services.sessions.revokeOthersForUser(auth.user.id, auth.token, services.clock.now());
  return { message: PASSWORD_CHANGED, data: { other_sessions_ended: ended }, position: positionOf(result.events) };
}
