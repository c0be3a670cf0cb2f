import { claimUnique, DomainError, handleCommand, newId, type Clock, type CommandMetadata, type EventStore } from "../../kernel";
import { loginNameStream, userStream, type LoginNameClaimed, type UserProfile } from "./events";
import { userDecider } from "./decide";
import { hashPassword } from "./passwords";

export type Deps = { store: EventStore; clock: Clock };

/** Takes a username or e-mail for one user; a resend by the same user is fine, anyone else is refused. */
async function claimLoginName(deps: Deps, name: string, userId: string, meta: CommandMetadata): Promise<DomainError | null> {
  const claim: LoginNameClaimed = { type: "LoginNameClaimed", data: { name: name.trim().toLowerCase(), userId } };
  const mine = await claimUnique(deps, loginNameStream(name), claim, (e) => e.data.userId, meta);
  return mine ? null : new DomainError("LOGIN_NAME_TAKEN", `${name} is taken already`, 409);
}

export type RegisterUserInput = Omit<UserProfile, "userId"> & { userId?: string; password: string };

/** Registers a user: claims the username and the e-mail, then appends UserRegistered. */
export async function registerUser(deps: Deps, input: RegisterUserInput, meta: CommandMetadata) {
  const userId = input.userId ?? newId();
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  for (const name of new Set([username, email])) {
    const refused = await claimLoginName(deps, name, userId, meta);
    if (refused) return { ok: false as const, error: refused };
  }
  const { password, ...profile } = input;
  const passwordHash = await hashPassword(password);
  return handleCommand(deps, userDecider, userStream(userId), {
    type: "RegisterUser",
    data: { ...profile, userId, username, email, passwordHash },
    metadata: meta,
  });
}
