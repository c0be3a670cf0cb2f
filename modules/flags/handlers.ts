import { handleCommand, validationError, type Clock, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import { loadParticipant } from "../participants";
import { flagParticipantIdSchema, type FlagCommand, type FlagMember, type UnflagMember } from "./commands";
import { flagDecider, flagParticipantNotFound, type ActiveFlag, type FlagState } from "./decide";
import { flagStreamId, type FlagEvent } from "./events";

export type FlagDeps = { store: EventStore; clock: Clock };
export type FlagResult = CommandResult<FlagState, FlagEvent>;

/** A participant's active flags, from the flag stream (house rule 2: decisions read streams). */
export async function loadActiveFlags(store: EventStore, participantId: string): Promise<{ stop: boolean; warn: boolean; active: ActiveFlag[] }> {
  const { state } = await store.aggregateStream<FlagState, FlagEvent>(flagStreamId(participantId), {
    initialState: flagDecider.initialState,
    evolve: flagDecider.evolve,
  });
  return { stop: state.active.some((f) => f.type === "stop"), warn: state.active.some((f) => f.type === "warn"), active: [...state.active] };
}

/**
 * Loads `flags-{participantId}`, decides, appends (handleCommand retries on a conflict). The
 * participant must exist in the command's organization: read from its stream and passed to decide as
 * a fact; another organization's participant is not found (404).
 */
export async function handleFlagCommand(deps: FlagDeps, command: FlagCommand, options?: HandleOptions): Promise<FlagResult> {
  const id = flagParticipantIdSchema.safeParse(command.data?.participantId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const participant = await loadParticipant(deps.store, id.data);
  const found = participant !== null && participant.organizationId === command.metadata.organizationId;
  if (command.type === "UnflagMember" && !found) return { ok: false, error: flagParticipantNotFound() };
  const decided: FlagCommand = command.type === "FlagMember" ? { ...command, data: { ...command.data, participantFound: found } } : command;
  return handleCommand(deps, flagDecider, flagStreamId(id.data), decided, options);
}

export const flagMember = (deps: FlagDeps, command: FlagMember, options?: HandleOptions) => handleFlagCommand(deps, command, options);
export const unflagMember = (deps: FlagDeps, command: UnflagMember, options?: HandleOptions) => handleFlagCommand(deps, command, options);
