import { claimUnique, DomainError, handleCommand, type Clock, type EventStore } from "../../kernel";
import { loginNameStream, userStream, type LoginNameClaimed, type UserEvent } from "./events";
import { staffUserDecider, type StaffUserCommand } from "./staff-decide";
import { EMAIL_IN_USE } from "./staff-schema";

export type StaffDeps = { store: EventStore; clock: Clock };

export const emailInUse = () => new DomainError("EMAIL_IN_USE", EMAIL_IN_USE, 409, { fieldErrors: { email: [EMAIL_IN_USE] } });

/**
 * Handles a staff user command (decision 061). The decision is taken once on the stream as read before
 * anything is written, so a refused command (a level rule, a missing reason) claims nothing; then a new
 * e-mail is claimed on its `loginname-` stream (the one claim sign-in names share: an e-mail another
 * account holds as its e-mail or username is refused), then the events are appended. A resent command
 * (same command id) is answered from its first events.
 */
export async function handleStaffUserCommand(deps: StaffDeps, command: StaffUserCommand) {
  const stream = userStream(command.data.userId);
  const read = await deps.store.readStream<UserEvent>(stream);
  const replay = read.events.some((e) => e.metadata.commandId === command.metadata.commandId);
  if (!replay) {
    const state = read.events.reduce(staffUserDecider.evolve, staffUserDecider.initialState());
    const decision = staffUserDecider.decide(state, command, deps.clock.now());
    if (decision instanceof DomainError) return { ok: false as const, error: decision };
    const email = newEmailOf(decision);
    if (email) {
      const claim: LoginNameClaimed = { type: "LoginNameClaimed", data: { name: email, userId: command.data.userId } };
      const mine = await claimUnique(deps, loginNameStream(email), claim, (e) => e.data.userId, command.metadata);
      if (!mine) return { ok: false as const, error: emailInUse() };
    }
  }
  return handleCommand(deps, staffUserDecider, stream, command);
}

/** The e-mail these events give the user, when they set one. */
function newEmailOf(events: UserEvent[]): string | null {
  for (const e of events) if (e.type === "StaffUserCreated" || e.type === "StaffUserEdited") return e.data.email;
  return null;
}
