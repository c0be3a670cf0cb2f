import { DomainError, idFrom, type Command, type Decider } from "../kernel";
import type { PointsCommand } from "../points";
import { MAX_CHALLENGE_POINTS, MAX_SESSIONS } from "./limits";
import type { ChallengeEvent, ChallengeFields, ChallengeProgressEvent, CompletionKind } from "./events";

export const challengeError = {
  notFound: () => new DomainError("CHALLENGE_NOT_FOUND", "Challenge not found", 404),
  archived: () => new DomainError("CHALLENGE_ARCHIVED", "This challenge is archived", 409),
  invalid: (field: string, message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { [field]: [message] } }),
  notInAudience: (name: string) => new DomainError("CHALLENGE_NOT_FOR_MEMBER", `${name} is not in this challenge's audience`, 409),
};

/** The fields as a whole (the schema checks each; this is the decider's own guard for every caller). */
export function checkFields(f: ChallengeFields): DomainError | null {
  if (!f.title.trim()) return challengeError.invalid("title", "Title is required");
  if (f.endsOn < f.startsOn) return challengeError.invalid("end_date", "End date must be on or after the start date");
  if (!Number.isInteger(f.points) || f.points < 1 || f.points > MAX_CHALLENGE_POINTS) return challengeError.invalid("points", `Points must be a whole number from 1 to ${MAX_CHALLENGE_POINTS.toLocaleString("en")}`);
  if (f.rule.kind === "attendance" && (!Number.isInteger(f.rule.sessions) || f.rule.sessions < 1 || f.rule.sessions > MAX_SESSIONS)) return challengeError.invalid("sessions", `Sessions must be a whole number from 1 to ${MAX_SESSIONS}`);
  const a = f.audience;
  if (a.ageMin !== null && a.ageMax !== null && a.ageMin > a.ageMax) return challengeError.invalid("age_max", "Maximum age must be at least the minimum age");
  return null;
}

// ---------------------------------------------------------------- the challenge (stream challenge-{id})

export type ChallengeState = { exists: false } | { exists: true; organizationId: string; archived: boolean; fields: ChallengeFields };
export type ChallengeCommand =
  | Command<"CreateChallenge", { organizationId: string; challengeId: string; fields: ChallengeFields }>
  | Command<"UpdateChallenge", { organizationId: string; challengeId: string; fields: ChallengeFields }>
  | Command<"ArchiveChallenge", { organizationId: string; challengeId: string }>;

export function evolveChallenge(state: ChallengeState, event: ChallengeEvent): ChallengeState {
  switch (event.type) {
    case "ChallengeCreated":
    case "ChallengeUpdated": {
      const d = event.data;
      const fields: ChallengeFields = { title: d.title, description: d.description, image: d.image, startsOn: d.startsOn, endsOn: d.endsOn, audience: d.audience, points: d.points, rule: d.rule };
      return { exists: true, organizationId: d.organizationId, archived: state.exists ? state.archived : false, fields };
    }
    case "ChallengeArchived":
      return state.exists ? { ...state, archived: true } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decideChallenge(state: ChallengeState, command: ChallengeCommand): ChallengeEvent[] | DomainError {
  const actor = command.metadata.actorId;
  const d = command.data;
  if (command.type !== "CreateChallenge" && (!state.exists || state.organizationId !== d.organizationId)) return challengeError.notFound();
  switch (command.type) {
    case "CreateChallenge": {
      if (state.exists) return [];
      const problem = checkFields(command.data.fields);
      if (problem) return problem;
      return [{ type: "ChallengeCreated", data: { organizationId: d.organizationId, challengeId: d.challengeId, createdBy: actor, ...command.data.fields } }];
    }
    case "UpdateChallenge": {
      if (state.exists && state.archived) return challengeError.archived();
      const problem = checkFields(command.data.fields);
      if (problem) return problem;
      return [{ type: "ChallengeUpdated", data: { organizationId: d.organizationId, challengeId: d.challengeId, updatedBy: actor, ...command.data.fields } }];
    }
    case "ArchiveChallenge":
      if (state.exists && state.archived) return [];
      return [{ type: "ChallengeArchived", data: { organizationId: d.organizationId, challengeId: d.challengeId, archivedBy: actor } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const challengeDecider: Decider<ChallengeState, ChallengeCommand, ChallengeEvent> = {
  initialState: () => ({ exists: false }),
  evolve: evolveChallenge,
  decide: (state, command) => decideChallenge(state, command),
};

// ---------------------------------------------------------------- one member's progress (stream challenge-progress-{id}-{member})

/** `points`: what the completion awards (the challenge's points when it was completed) */
export type ProgressState = { sessions: Record<string, true>; completed: boolean; points: number };
type ProgressBase = { organizationId: string; challengeId: string; participantId: string };
export type ProgressCommand =
  /** an attendance mark of one session (its latest): counts it or stops counting it; completes at `needed` */
  | Command<"RecordSession", ProgressBase & { sessionKey: string; attended: boolean; needed: number; points: number }>
  /** a survey submitted, or staff confirming */
  | Command<"CompleteChallenge", ProgressBase & { how: CompletionKind; points: number }>;

export function evolveProgress(state: ProgressState, event: ChallengeProgressEvent): ProgressState {
  switch (event.type) {
    case "ChallengeProgressRecorded": {
      const sessions = { ...state.sessions };
      if (event.data.attended) sessions[event.data.sessionKey] = true;
      else delete sessions[event.data.sessionKey];
      return { ...state, sessions };
    }
    case "ChallengeCompleted":
      return { ...state, completed: true, points: event.data.points };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Once completed a challenge stays completed (its points are the member's: decision 102): nothing more is recorded.
 * A session recorded as it is already counted, or a second completion, appends nothing: a replay is harmless.
 */
export function decideProgress(state: ProgressState, command: ProgressCommand): ChallengeProgressEvent[] | DomainError {
  if (state.completed) return [];
  const d = command.data;
  const base = { organizationId: d.organizationId, challengeId: d.challengeId, participantId: d.participantId };
  switch (command.type) {
    case "RecordSession": {
      const counted = state.sessions[command.data.sessionKey] === true;
      if (counted === command.data.attended) return [];
      const count = Object.keys(state.sessions).length + (command.data.attended ? 1 : -1);
      const events: ChallengeProgressEvent[] = [{ type: "ChallengeProgressRecorded", data: { ...base, sessionKey: command.data.sessionKey, attended: command.data.attended, count, needed: command.data.needed } }];
      if (count >= command.data.needed) events.push({ type: "ChallengeCompleted", data: { ...base, how: "attendance", points: command.data.points, completedBy: null } });
      return events;
    }
    case "CompleteChallenge":
      return [{ type: "ChallengeCompleted", data: { ...base, how: command.data.how, points: command.data.points, completedBy: command.metadata.actorId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const progressDecider: Decider<ProgressState, ProgressCommand, ChallengeProgressEvent> = {
  initialState: () => ({ sessions: {}, completed: false, points: 0 }),
  evolve: evolveProgress,
  decide: (state, command) => decideProgress(state, command),
};

/**
 * The award of a completion (decision 102): its command id and entry id derive from the challenge and the member
 * only, so a replay, a retry or a second path to completion appends it once (the store is idempotent on event ids,
 * and the points decider keeps one standing award per challenge source).
 */
export function challengeAwardCommand(c: { organizationId: string; challengeId: string; participantId: string; points: number; title: string; actorId: string | null }): PointsCommand {
  const commandId = idFrom("challenge-award", c.challengeId, c.participantId);
  return {
    type: "AwardPoints",
    data: { organizationId: c.organizationId, participantId: c.participantId, entryId: idFrom("point-entry", commandId), amount: c.points, category: "challenge", reason: `Completed the challenge: ${c.title}`.slice(0, 200), source: { kind: "challenge", id: c.challengeId } },
    metadata: { commandId, organizationId: c.organizationId, actorId: c.actorId },
  };
}
