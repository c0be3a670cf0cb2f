import { DomainError, handleCommand, idFrom, isWrongExpectedRevision, newId, type Clock, type CommandMetadata, type EventStore } from "../../kernel";
import { loginNameStream, userStream, type LoginNameClaimed, type UserProfile } from "./events";
import { userDecider } from "./decide";
import { hashPassword } from "./passwords";

export type Deps = { store: EventStore; clock: Clock };

/** Takes a username or e-mail for one user; a resend by the same user is fine, anyone else is refused. */
async function claimLoginName(deps: Deps, name: string, userId: string, meta: CommandMetadata): Promise<DomainError | null> {
  const stream = loginNameStream(name);
  const event = {
    type: "LoginNameClaimed" as const,
    data: { name: name.trim().toLowerCase(), userId },
    eventId: idFrom(meta.commandId, stream),
    metadata: {
      organizationId: meta.organizationId,
      actorId: meta.actorId,
      commandId: meta.commandId,
      correlationId: meta.correlationId ?? meta.commandId,
      causationId: meta.causationId ?? null,
      occurredAt: deps.clock.now().toISOString(),
    },
  };
  try {
    await deps.store.appendToStream<LoginNameClaimed>(stream, [event], { expectedRevision: "no_stream" });
    return null;
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
    const { events } = await deps.store.readStream<LoginNameClaimed>(stream, { maxCount: 1 });
    if (events[0]?.data.userId === userId) return null;
    return new DomainError("LOGIN_NAME_TAKEN", `${name} is taken already`, 409);
  }
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
