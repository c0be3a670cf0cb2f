import { DomainError, handleCommand, validationError, type Clock, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import { loadOrganization } from "../organizations";
import {
  programIdSchema,
  type CreateProgram,
  type ProgramCommand,
  type RegisterParticipantToProgram,
  type UnregisterParticipantFromProgram,
} from "./commands";
import { programDecider, programNotFound, type CreatedProgram, type ProgramState } from "./decide";
import { programStreamId, type ProgramEvent } from "./events";

export type ProgramDeps = {
  store: EventStore;
  clock: Clock;
  /**
   * Whether a participant exists in an organization, read from its stream (house rule 2). Optional
   * until modules/participants offers it; without it a registration does not check the participant.
   */
  participantInOrganization?: (organizationId: string, participantId: string) => Promise<boolean>;
};
export type ProgramResult = CommandResult<ProgramState, ProgramEvent>;

export const programOutOfScope = () => new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);
export const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** Command scope (house rule 5): a command sent from inside an organization acts on that organization only. */
const outOfScope = (command: ProgramCommand, organizationId: string) =>
  command.metadata.organizationId !== null && command.metadata.organizationId !== organizationId;

const scopedTo = <C extends ProgramCommand>(command: C, organizationId: string): C => ({
  ...command,
  metadata: { ...command.metadata, organizationId },
});

/** The program as its stream says now, for decisions here and in other modules; null when unknown. */
export async function loadProgram(store: EventStore, programId: string): Promise<CreatedProgram | null> {
  const { state } = await store.aggregateStream<ProgramState, ProgramEvent>(programStreamId(programId), {
    initialState: programDecider.initialState,
    evolve: programDecider.evolve,
  });
  return state.status === "created" ? state : null;
}

/**
 * Loads `program-{id}`, decides, appends with the revision read (handleCommand retries on a conflict).
 * A creation needs a registered organization in scope; a registration change reads the program first
 * to scope it by the program's organization. Every event carries that organization in its metadata.
 */
export async function handleProgramCommand(deps: ProgramDeps, command: ProgramCommand, options?: HandleOptions): Promise<ProgramResult> {
  const id = programIdSchema.safeParse(command.data?.programId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const streamId = programStreamId(id.data);
  if (command.type === "CreateProgram") {
    const organizationId = command.data.organizationId;
    if (typeof organizationId !== "string" || organizationId.trim() === "") {
      return handleCommand(deps, programDecider, streamId, command, options); // decide reports the field
    }
    if (outOfScope(command, organizationId)) return { ok: false, error: programOutOfScope() };
    if (!(await loadOrganization(deps.store, organizationId))) return { ok: false, error: organizationNotFound() };
    return handleCommand(deps, programDecider, streamId, scopedTo(command, organizationId), options);
  }
  const program = await loadProgram(deps.store, id.data);
  if (!program) return { ok: false, error: programNotFound() };
  const { organizationId } = program.program;
  if (outOfScope(command, organizationId)) return { ok: false, error: programOutOfScope() };
  const participantId = command.data.participantId;
  if (
    command.type === "RegisterParticipantToProgram" &&
    deps.participantInOrganization &&
    typeof participantId === "string" &&
    !(await deps.participantInOrganization(organizationId, participantId.trim()))
  ) {
    return { ok: false, error: participantNotFound() };
  }
  return handleCommand(deps, programDecider, streamId, scopedTo(command, organizationId), options);
}

export const createProgram = (deps: ProgramDeps, command: CreateProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);

export const registerParticipantToProgram = (deps: ProgramDeps, command: RegisterParticipantToProgram, options?: HandleOptions) =>
  handleProgramCommand(deps, command, options);

export const unregisterParticipantFromProgram = (deps: ProgramDeps, command: UnregisterParticipantFromProgram, options?: HandleOptions) =>
  handleProgramCommand(deps, command, options);
