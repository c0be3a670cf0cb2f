import { DomainError, validationError, type Decider } from "../kernel";
import { flagMemberSchema, unflagMemberSchema, type FlagCommand } from "./commands";
import type { FlagEvent, FlagType, MemberFlaggedData } from "./events";

export type ActiveFlag = Omit<MemberFlaggedData, "participantId" | "organizationId">;

/** A participant's flags now: the active ones, in the order they were raised. */
export type FlagState = { active: readonly ActiveFlag[] };

export const initialFlagState = (): FlagState => ({ active: [] });

export const flagParticipantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const flagAlreadyActive = (type: FlagType) => new DomainError("FLAG_ALREADY_ACTIVE", `This member already has an active ${type} flag`, 409);
export const noActiveFlag = (type: FlagType) => new DomainError("FLAG_NOT_FOUND", `This member has no active ${type} flag`, 404);

export function evolve(state: FlagState, event: FlagEvent): FlagState {
  switch (event.type) {
    case "MemberFlagged": {
      const { flagId, type, message, flaggedBy, flaggedByName } = event.data;
      if (state.active.some((f) => f.flagId === flagId)) return state;
      return { active: [...state.active, { flagId, type, message, flaggedBy, flaggedByName }] };
    }
    case "MemberFlagResolved":
      return { active: state.active.filter((f) => f.flagId !== event.data.flagId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Pure: bad input first (400 VALIDATION: 'Message is required'), then a participant not in the
 * organization (404), then a second active flag of a type (409) or a resolution without one (404).
 */
export function decide(state: FlagState, command: FlagCommand, _now: Date): FlagEvent[] | DomainError {
  switch (command.type) {
    case "FlagMember": {
      const parsed = flagMemberSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const organizationId = command.metadata.organizationId;
      if (command.data.participantFound !== true || organizationId === null) return flagParticipantNotFound();
      const { flagId, participantId, type, message, flaggedByName, noteType, alongside } = parsed.data;
      if (!alongside && state.active.some((f) => f.type === type)) return flagAlreadyActive(type);
      const data: MemberFlaggedData = { flagId, participantId, organizationId, type, message, flaggedBy: command.metadata.actorId, flaggedByName };
      if (noteType !== undefined) data.noteType = noteType;
      return [{ type: "MemberFlagged", data }];
    }
    case "UnflagMember": {
      const parsed = unflagMemberSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const { participantId, type, message } = parsed.data;
      const active = state.active.find((f) => f.type === type);
      if (!active) return noActiveFlag(type);
      return [{ type: "MemberFlagResolved", data: { flagId: active.flagId, participantId, type, message, resolvedBy: command.metadata.actorId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const flagDecider: Decider<FlagState, FlagCommand, FlagEvent> = { initialState: initialFlagState, evolve, decide };
