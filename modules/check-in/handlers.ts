import { handleCommand, idFrom, type Clock, type CommandMetadata, type EventStore } from "../kernel";
import { checkInDecider } from "./decide";
import { checkInStream, type CheckInEvent, type CheckInSource } from "./events";
import type { CheckInFacts, FactSources } from "./rules-context";

export type CheckInDeps = { store: EventStore; clock: Clock; facts: FactSources };

export type CheckInRequest = {
  participantId: string;
  type: "in" | "out";
  /** when the member was scanned or checked; a kiosk that was offline sends the scan time */
  time?: string;
  dayStart: string;
  dayEnd: string;
  source: CheckInSource;
  checkInId?: string;
  pickUpName?: string;
  pickUpContactNumber?: string;
  pickUpRelationship?: string;
};

/**
 * A member's check-in stream grows a visit at a time for years; a decision needs its newest events only:
 * the open visit is the last one, and a kiosk resends within minutes (a resend older than these is still
 * never applied twice: its event ids are stored already). See docs/decisions/024.
 */
export const CHECK_IN_TAIL = { last: 8 } as const;

const MAX_FUTURE_MS = 5 * 60 * 1000;
const MAX_PAST_MS = 24 * 60 * 60 * 1000;

/** A client's time is taken when it is plausible (a queued kiosk scan); otherwise the server's now. */
export function effectiveTime(requested: string | undefined, now: Date): string {
  if (requested) {
    const at = new Date(requested);
    const delta = at.getTime() - now.getTime();
    if (!Number.isNaN(at.getTime()) && delta <= MAX_FUTURE_MS && -delta <= MAX_PAST_MS) return at.toISOString();
  }
  return now.toISOString();
}

/**
 * Everything the rules need from other streams, loaded together right before deciding. The screening rule
 * is read for the actor's organization: a member of another organization is refused as not found anyway.
 */
export async function loadFacts(sources: FactSources, participantId: string, organizationId: string, day: { start: string; end: string }): Promise<CheckInFacts> {
  const [participant, stopFlag, screening] = await Promise.all([
    sources.participant(participantId),
    sources.stopFlag(participantId),
    sources.screening(organizationId, participantId, day),
  ]);
  if (!participant) return { participant: null, stopFlag: false, screeningRequired: false, screeningFilled: false };
  return { participant, stopFlag, screeningRequired: screening.required, screeningFilled: screening.filled };
}

/**
 * Check a member in or out. The check-in id derives from the command id: a kiosk resending a scan
 * after a network drop gets the first result back and appends nothing.
 */
export async function checkInOrOut(deps: CheckInDeps, request: CheckInRequest, metadata: CommandMetadata & { organizationId: string }) {
  const stream = checkInStream(request.participantId);
  // the member's check-ins are read together with the facts (one batched statement on PostgreSQL)
  const firstRead = deps.store.readStream<CheckInEvent>(stream, CHECK_IN_TAIL);
  firstRead.catch(() => undefined);
  const facts = await loadFacts(deps.facts, request.participantId, metadata.organizationId, { start: request.dayStart, end: request.dayEnd });
  const common = {
    participantId: request.participantId,
    time: effectiveTime(request.time, deps.clock.now()),
    dayStart: request.dayStart,
    dayEnd: request.dayEnd,
    source: request.source,
    facts,
    actorOrganizationId: metadata.organizationId,
  };
  if (request.type === "in") {
    return handleCommand(deps, checkInDecider, stream, {
      type: "CheckIn",
      data: { ...common, checkInId: idFrom(metadata.commandId, "check-in", request.participantId) },
      metadata,
    }, { firstRead, read: CHECK_IN_TAIL });
  }
  return handleCommand(deps, checkInDecider, stream, {
    type: "CheckOut",
    data: {
      ...common,
      checkInId: request.checkInId,
      pickUpName: request.pickUpName,
      pickUpContactNumber: request.pickUpContactNumber,
      pickUpRelationship: request.pickUpRelationship,
    },
    metadata,
  }, { firstRead, read: CHECK_IN_TAIL });
}

/** Would this check-in or check-out be allowed now? Decides without appending (the eligibility call). */
export async function eligibility(deps: CheckInDeps, request: CheckInRequest, organizationId: string) {
  const [facts, read] = await Promise.all([
    loadFacts(deps.facts, request.participantId, organizationId, { start: request.dayStart, end: request.dayEnd }),
    deps.store.readStream(checkInStream(request.participantId), CHECK_IN_TAIL),
  ]);
  let state = checkInDecider.initialState();
  for (const event of read.events) state = checkInDecider.evolve(state, event as never);
  const time = effectiveTime(request.time, deps.clock.now());
  const common = { participantId: request.participantId, time, dayStart: request.dayStart, dayEnd: request.dayEnd, source: request.source, facts, actorOrganizationId: organizationId };
  const metadata = { commandId: "eligibility", organizationId, actorId: null };
  const decision =
    request.type === "in"
      ? checkInDecider.decide(state, { type: "CheckIn", data: { ...common, checkInId: "eligibility" }, metadata }, deps.clock.now())
      : checkInDecider.decide(
          state,
          { type: "CheckOut", data: { ...common, pickUpName: "eligibility", pickUpContactNumber: "eligibility", pickUpRelationship: "eligibility" }, metadata },
          deps.clock.now(),
        );
  return { decision, facts, state };
}
