import { handleCommand, type Clock, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import { loadOrganization, timeZoneOf, todayIn } from "../organizations";
import { participantInOrganization } from "../participants";
import type { AttendanceCommand, SessionFacts } from "./attendance-commands";
import { sessionDecider, type SessionState } from "./attendance-decide";
import { programSessionStreamId, type AttendanceEvent } from "./attendance-events";
import { programNotFound } from "./decide";
import { loadProgram } from "./handlers";
import { sessionKey } from "./sessions";

export type AttendanceDeps = { store: EventStore; clock: Clock };
export type AttendanceResult = CommandResult<SessionState, AttendanceEvent>;

/** The participant ids a command names (its marks, or its drop-in), as sent. */
function participantsOf(command: AttendanceCommand): string[] {
  if (command.type === "AddDropIn") return [command.data.participantId];
  const marks = (command.data.input as { marks?: unknown } | null)?.marks;
  if (!Array.isArray(marks)) return [];
  return marks.map((m) => (m as { participant_id?: unknown } | null)?.participant_id).filter((id): id is string => typeof id === "string").map((id) => id.trim());
}

/**
 * Loads the program (another organization's, unknown or deleted: 404), reads the facts the session's
 * decisions need, then loads `programsession-{key}` -> decides -> appends with the revision read
 * (handleCommand decides again on a conflict, so two staff marking at once both land, in order).
 */
export async function handleAttendanceCommand(deps: AttendanceDeps, command: AttendanceCommand, options?: HandleOptions): Promise<AttendanceResult> {
  const { programId, date, startTime } = command.data;
  const program = programId ? await loadProgram(deps.store, programId) : null;
  const scope = command.metadata.organizationId;
  if (!program || (scope !== null && scope !== program.organizationId)) return { ok: false, error: programNotFound() };
  const org = await loadOrganization(deps.store, program.organizationId);
  const today = todayIn(timeZoneOf(org?.settings), deps.clock.now());
  // participants not registered are looked up in their streams (registration checked the registered ones)
  const unknown = [...new Set(participantsOf(command))].filter((id) => id && !program.participantIds.includes(id)).slice(0, 500);
  const known: (string | null)[] = [];
  for (let i = 0; i < unknown.length; i += 25) {
    const chunk = unknown.slice(i, i + 25);
    known.push(...(await Promise.all(chunk.map(async (id) => ((await participantInOrganization(deps.store, program.organizationId, id)) ? id : null)))));
  }
  const facts: SessionFacts = {
    organizationId: program.organizationId,
    today,
    plans: program.plans,
    archivedOn: program.archivedOn,
    registered: program.participantIds,
    inOrganization: known.filter((id): id is string => id !== null),
  };
  const scoped = { ...command, data: { ...command.data, facts }, metadata: { ...command.metadata, organizationId: program.organizationId } } as AttendanceCommand;
  return handleCommand(deps, sessionDecider, programSessionStreamId(sessionKey(programId, date, startTime)), scoped, { maxRetries: 20, ...options });
}
