import { DomainError, validationError, type Decider } from "../kernel";
import { createProgramSchema, programRegistrationSchema, type ProgramCommand } from "./commands";
import type { ProgramDefinition, ProgramEvent } from "./events";

export type CreatedProgram = {
  status: "created";
  program: ProgramDefinition;
  /** the participants registered now, in the order they registered */
  participantIds: readonly string[];
};

export type ProgramState = { status: "none" } | CreatedProgram;

export const initialProgramState = (): ProgramState => ({ status: "none" });

export const programNotFound = () => new DomainError("PROGRAM_NOT_FOUND", "Program not found", 404);
export const programAlreadyExists = () => new DomainError("PROGRAM_ALREADY_EXISTS", "Program already exists", 409);
export const alreadyRegistered = () =>
  new DomainError("ALREADY_REGISTERED", "This participant is already registered to this program", 409);
export const notRegistered = () => new DomainError("NOT_REGISTERED", "This participant is not registered to this program", 404);

export function evolve(state: ProgramState, event: ProgramEvent): ProgramState {
  switch (event.type) {
    case "ProgramCreated":
      return { status: "created", program: event.data, participantIds: [] };
    case "ParticipantRegisteredToProgram": {
      if (state.status !== "created" || state.participantIds.includes(event.data.participantId)) return state;
      return { ...state, participantIds: [...state.participantIds, event.data.participantId] };
    }
    case "ParticipantUnregisteredFromProgram":
      if (state.status !== "created") return state;
      return { ...state, participantIds: state.participantIds.filter((id) => id !== event.data.participantId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Pure: refuses a missing program (404) or a second creation (409) first, then bad input (400
 * VALIDATION, every field's messages in details.fieldErrors), then a registration that is there
 * already (409) or an unregistration of someone not registered (404).
 */
export function decide(state: ProgramState, command: ProgramCommand, _now: Date): ProgramEvent[] | DomainError {
  switch (command.type) {
    case "CreateProgram": {
      if (state.status === "created") return programAlreadyExists();
      const parsed = createProgramSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const { location, ...program } = parsed.data;
      return [{ type: "ProgramCreated", data: location === undefined ? program : { ...program, location } }];
    }
    case "RegisterParticipantToProgram": {
      if (state.status !== "created") return programNotFound();
      const parsed = programRegistrationSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      if (state.participantIds.includes(parsed.data.participantId)) return alreadyRegistered();
      return [{ type: "ParticipantRegisteredToProgram", data: { programId: state.program.programId, participantId: parsed.data.participantId } }];
    }
    case "UnregisterParticipantFromProgram": {
      if (state.status !== "created") return programNotFound();
      const parsed = programRegistrationSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      if (!state.participantIds.includes(parsed.data.participantId)) return notRegistered();
      return [{ type: "ParticipantUnregisteredFromProgram", data: { programId: state.program.programId, participantId: parsed.data.participantId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const programDecider: Decider<ProgramState, ProgramCommand, ProgramEvent> = {
  initialState: initialProgramState,
  evolve,
  decide,
};
