import { flagMember } from "../flags";
import { DomainError, handleCommand, idFrom, type Clock, type CommandMetadata, type EventStore, type ReadStreamResult, type RecordedEvent } from "../kernel";
import { todayIn } from "../organizations";
import { CHECK_IN_CODES } from "./client";
import { checkInDecider, refusals, type CheckInCommand } from "./decide";
import { claimSecurityCode } from "./security-code";
import { checkInStream, type CheckInEvent, type CheckInSource, type PickUpOverridden } from "./events";
import type { PickUpRequest } from "./pick-up-rule";
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
  /** the signed-in user's name: the warn flag an override raises is theirs */
  actorName?: string;
  /** present when the organization gives security codes: its time zone names the code's day (docs/decisions/036) */
  securityCodes?: { timeZone: string };
  /** the claim code typed at the kiosk for a child an adult picks up */
  claimCode?: string;
} & PickUpRequest;

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
export async function loadFacts(
  sources: FactSources,
  participantId: string,
  organizationId: string,
  at: string,
  options: { pickUp?: boolean } = {},
): Promise<CheckInFacts> {
  const [participant, stopFlag, screening] = await Promise.all([
    sources.participant(participantId, options),
    sources.stopFlag(participantId),
    sources.screening(organizationId, participantId, at),
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
  const time = effectiveTime(request.time, deps.clock.now());
  const facts = await loadFacts(deps.facts, request.participantId, metadata.organizationId, time, { pickUp: request.type === "out" });
  const common = {
    participantId: request.participantId,
    time,
    dayStart: request.dayStart,
    dayEnd: request.dayEnd,
    source: request.source,
    facts,
    actorOrganizationId: metadata.organizationId,
    securityCodesOn: !!request.securityCodes,
  };
  if (request.type === "in") {
    const command: Extract<CheckInCommand, { type: "CheckIn" }> = {
      type: "CheckIn",
      data: { ...common, checkInId: idFrom(metadata.commandId, "check-in", request.participantId) },
      metadata,
    };
    return checkInWithCode(deps, stream, command, request.securityCodes, firstRead);
  }
  const result = await handleCommand(deps, checkInDecider, stream, {
    type: "CheckOut",
    data: {
      ...common,
      checkInId: request.checkInId,
      pickUpPersonId: request.pickUpPersonId,
      pickUpName: request.pickUpName,
      pickUpContactNumber: request.pickUpContactNumber,
      pickUpRelationship: request.pickUpRelationship,
      overrideReason: request.overrideReason,
      claimCode: request.claimCode,
    },
    metadata,
  }, { firstRead, read: CHECK_IN_TAIL });
  // an override raises its warn flag; a resend (replayed) raises it too, in case the first was cut short
  const overridden = result.ok ? result.events.find((e): e is RecordedEvent<PickUpOverridden> => e.type === "PickUpOverridden") : undefined;
  if (overridden) await raiseOverrideFlag(deps, overridden, request.actorName ?? "", metadata);
  return result;
}

/** A valid stand-in code: the trial decision only asks whether a code would be needed. */
const TRIAL_CODE = "AAAA";

/**
 * A check-in, with its security code when the organization gives codes (docs/decisions/036). The code is
 * claimed only for a check-in that would be recorded: the decision is tried first on the stream already
 * read (pure, no I/O), so a refused scan or a resend (answered from its own events) claims nothing. If
 * the stream moved in between and the real decision wants a code after all, it is claimed then.
 */
async function checkInWithCode(
  deps: CheckInDeps,
  stream: string,
  command: Extract<CheckInCommand, { type: "CheckIn" }>,
  codes: CheckInRequest["securityCodes"],
  firstRead: Promise<ReadStreamResult<CheckInEvent>>,
) {
  const options = { firstRead, read: CHECK_IN_TAIL };
  if (!codes) return handleCommand(deps, checkInDecider, stream, command, options);
  const claim = async () => {
    const code = await claimSecurityCode(
      deps,
      { organizationId: command.data.actorOrganizationId, day: todayIn(codes.timeZone, new Date(command.data.time)) },
      command.metadata,
    );
    if (!code) throw refusals.codeUnavailable();
    return code;
  };
  const read = await firstRead;
  const resend = read.events.some((e) => e.metadata.commandId === command.metadata.commandId);
  let state = checkInDecider.initialState();
  for (const event of read.events) state = checkInDecider.evolve(state, event);
  const trial = resend ? null : checkInDecider.decide(state, { ...command, data: { ...command.data, securityCode: TRIAL_CODE } }, deps.clock.now());
  const securityCode = trial && !(trial instanceof DomainError) ? await claim() : undefined;
  const result = await handleCommand(deps, checkInDecider, stream, { ...command, data: { ...command.data, securityCode } }, options);
  if (result.ok || securityCode || result.error.code !== CHECK_IN_CODES.securityCodeUnavailable) return result;
  return handleCommand(deps, checkInDecider, stream, { ...command, data: { ...command.data, securityCode: await claim() } }, { read: CHECK_IN_TAIL });
}

/** The warn flag's message: who took the child, that they are not on the list, and the reason given. */
export const overrideFlagOf = (d: PickUpOverridden["data"]) =>
  `Picked up by ${d.pickUpName} (${d.pickUpRelationship}, ${d.pickUpContactNumber}), who is not on the pick-up list, on a staff override. Reason: ${d.reason}`;

/**
 * The warn flag of a pick-up override (a Manual Warn Flag, raised by the staff member who overrode): its
 * id and command id derive from the check-out's command id, so a resend raises nothing twice. It is
 * raised alongside any active warn flag: every override gets its own note.
 */
async function raiseOverrideFlag(deps: CheckInDeps, event: RecordedEvent<PickUpOverridden>, actorName: string, metadata: CommandMetadata & { organizationId: string }) {
  const flagId = idFrom(metadata.commandId, "pick-up-override-flag", event.data.participantId);
  const raised = await flagMember(deps, {
    type: "FlagMember",
    data: { flagId, participantId: event.data.participantId, type: "warn", message: overrideFlagOf(event.data), flaggedByName: actorName, alongside: true },
    metadata: { commandId: idFrom("pick-up-override-flag", flagId), organizationId: metadata.organizationId, actorId: metadata.actorId, correlationId: metadata.correlationId ?? metadata.commandId, causationId: metadata.commandId },
  });
  if (!raised.ok) throw raised.error;
}

/** Would this check-in or check-out be allowed now? Decides without appending (the eligibility call). */
export async function eligibility(deps: CheckInDeps, request: CheckInRequest, organizationId: string) {
  const time = effectiveTime(request.time, deps.clock.now());
  const [facts, read] = await Promise.all([
    loadFacts(deps.facts, request.participantId, organizationId, time, { pickUp: request.type === "out" }),
    deps.store.readStream(checkInStream(request.participantId), CHECK_IN_TAIL),
  ]);
  let state = checkInDecider.initialState();
  for (const event of read.events) state = checkInDecider.evolve(state, event as never);
  const common = {
    participantId: request.participantId,
    time,
    dayStart: request.dayStart,
    dayEnd: request.dayEnd,
    source: request.source,
    facts,
    actorOrganizationId: organizationId,
    securityCodesOn: !!request.securityCodes,
  };
  const metadata = { commandId: "eligibility", organizationId, actorId: null };
  let decision =
    request.type === "in"
      ? checkInDecider.decide(state, { type: "CheckIn", data: { ...common, checkInId: "eligibility", securityCode: TRIAL_CODE }, metadata }, deps.clock.now())
      : checkInDecider.decide(state, { type: "CheckOut", data: { ...common, claimCode: request.claimCode }, metadata }, deps.clock.now());
  // a staff check-out names the pick-up person next (the Picked Up By dialog), and so does a kiosk whose
  // claim code matched (docs/decisions/036); the kiosk's 'see staff' and claim-code refusals stand
  const namesNext = request.source === "staff" || (request.source === "kiosk" && !!request.claimCode);
  if (decision instanceof DomainError && decision.code === CHECK_IN_CODES.pickUpRequired && namesNext) decision = [];
  return { decision, facts, state };
}
