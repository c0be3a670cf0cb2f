import { claimUnique, DomainError, handleCommand, newId, type Clock, type CommandMetadata, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import type { ChangeParticipantStatus, IssueWaiverToken, ParticipantCommand, ParticipantProfileInput, SignWaiver } from "./commands";
import { participantDecider, tokenExpired, waiverTokenRefusal, type Participant, type ParticipantState } from "./decide";
import { participantStream, type MemberIdClaimed, type ParticipantEvent } from "./events";
import { generateMemberId, isMemberId, memberIdStream, normalizeMemberId, resolveMemberId } from "./member-id";
import type { ParticipantStatus } from "./options";

export type ParticipantDeps = { store: EventStore; clock: Clock };
export type ParticipantResult = CommandResult<ParticipantState, ParticipantEvent>;

/** Loads `participant-{id}`, decides, appends with the revision read (handleCommand retries on a conflict). */
export const handleParticipantCommand = (deps: ParticipantDeps, command: ParticipantCommand, options?: HandleOptions): Promise<ParticipantResult> =>
  handleCommand(deps, participantDecider, participantStream(command.data.participantId), command, options);

/** Takes a Member ID for one participant: true when it is theirs now (a resend is fine), false when another has it. */
const claimMemberId = (deps: ParticipantDeps, memberId: string, participantId: string, meta: CommandMetadata): Promise<boolean> =>
  claimUnique<MemberIdClaimed>(deps, memberIdStream(memberId), { type: "MemberIdClaimed", data: { memberId, participantId } }, (e) => e.data.participantId, meta);

export type RegisterParticipantInput = ParticipantProfileInput & {
  organizationId: string;
  /** chosen by the caller for an idempotent registration (the seed); a new id otherwise */
  participantId?: string;
  /** a Member ID the caller insists on (refused with 409 when taken); generated otherwise */
  memberId?: string;
  status?: ParticipantStatus;
  /** Inactive and Alumni need one (decision 065) */
  statusReason?: string;
};

export type RegisterOptions = HandleOptions & {
  /** the Member ID to try on each attempt; crypto-random by default (the seed passes a derived one) */
  nextMemberId?: (attempt: number) => string;
  /** how many generated ids to try before giving up (default 10; a clash is a 1 in 10^12 event at 400 ids) */
  maxAttempts?: number;
};

/**
 * Registers a participant: validates, claims a Member ID on `memberid-{ID}` (no_stream; a clash tries a
 * new id), then appends ParticipantRegistered. A resent command (same command id and participant id)
 * claims nothing new and answers from the first result.
 */
export async function registerParticipant(
  deps: ParticipantDeps,
  input: RegisterParticipantInput,
  meta: CommandMetadata,
  { nextMemberId = generateMemberId, maxAttempts = 10, ...options }: RegisterOptions = {},
): Promise<ParticipantResult> {
  const participantId = input.participantId ?? newId();
  const command = (memberId: string): ParticipantCommand => ({
    type: "RegisterParticipant",
    data: { ...input, participantId, memberId },
    metadata: meta,
  });
  // the whole decision first, with a stand-in id: a refused registration claims no Member ID
  const dryRun = participantDecider.decide(null, command("AAAAAAAA"), deps.clock.now());
  if (dryRun instanceof DomainError) return { ok: false, error: dryRun };

  const existing = await deps.store.readStream(participantStream(participantId), { maxCount: 1 });
  if (existing.streamExists) return handleParticipantCommand(deps, command("AAAAAAAA"), options);

  if (input.memberId !== undefined) {
    const wanted = normalizeMemberId(input.memberId);
    if (!isMemberId(wanted)) return { ok: false, error: new DomainError("VALIDATION", "Member ID must be 8 characters (A-Z without I and O, 2-9)", 400) };
    if (!(await claimMemberId(deps, wanted, participantId, meta))) {
      return { ok: false, error: new DomainError("MEMBER_ID_TAKEN", `Member ID ${wanted} is taken already`, 409) };
    }
    return handleParticipantCommand(deps, command(wanted), options);
  }
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const candidate = normalizeMemberId(nextMemberId(attempt));
    if (isMemberId(candidate) && (await claimMemberId(deps, candidate, participantId, meta))) {
      return handleParticipantCommand(deps, command(candidate), options);
    }
  }
  throw new Error(`no free Member ID after ${maxAttempts} attempts`);
}

export const changeParticipantStatus = (deps: ParticipantDeps, command: ChangeParticipantStatus, options?: HandleOptions) =>
  handleParticipantCommand(deps, command, options);

/** Records a single-use waiver link (its hash; the decider sets the expiry from `now`). */
export const issueWaiverToken = (deps: ParticipantDeps, command: IssueWaiverToken, options?: HandleOptions) => handleParticipantCommand(deps, command, options);

/** Signs with an issued token's hash; the signature spends every outstanding token of the participant. */
export const signWaiver = (deps: ParticipantDeps, command: SignWaiver, options?: HandleOptions) => handleParticipantCommand(deps, command, options);

/**
 * Would this token (by its hash) sign the participant's waiver at `now`? The participant, or 'Token
 * expired' for an unknown participant and an unknown, used or expired token alike: the waiver page asks
 * before it shows anything, so a wrong link reveals no name. Read from the stream: token validity is a
 * decision's fact, and token hashes stay out of the read models.
 */
export async function checkWaiverToken(store: EventStore, participantId: string, tokenHash: string, now: Date): Promise<Participant | DomainError> {
  const participant = await loadParticipant(store, participantId);
  if (!participant) return tokenExpired();
  return waiverTokenRefusal(participant, tokenHash, now) ?? participant;
}

/**
 * The participant as its stream says now, for decisions in other modules (house rule 2: check-in reads
 * the waiver and the pick-up permission from here, not from a read model); null when unknown.
 */
export async function loadParticipant(store: EventStore, participantId: string): Promise<Participant | null> {
  const { state } = await store.aggregateStream<ParticipantState, ParticipantEvent>(participantStream(participantId), {
    initialState: participantDecider.initialState,
    evolve: participantDecider.evolve,
  });
  return state;
}

/** The participant holding a Member ID (typed or scanned: normalized first), from the streams; null when none. */
export async function loadParticipantByMemberId(store: EventStore, memberId: string): Promise<Participant | null> {
  const participantId = await resolveMemberId(store, memberId);
  if (!participantId) return null;
  const participant = await loadParticipant(store, participantId);
  // a claim whose registration never followed (a crash between the two appends) belongs to nobody
  return participant && participant.memberId === normalizeMemberId(memberId) ? participant : null;
}

/** Whether a participant exists in an organization, from its stream (for the programs module's decisions). */
export async function participantInOrganization(store: EventStore, organizationId: string, participantId: string): Promise<boolean> {
  return (await loadParticipant(store, participantId))?.organizationId === organizationId;
}
