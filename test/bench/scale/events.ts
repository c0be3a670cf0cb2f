import { randomUUID } from "node:crypto";
import type { CheckInEvent, MemberRef } from "../../../modules/check-in";
import type { FlagType, MemberFlagged, MemberFlagResolved } from "../../../modules/flags";
import type { DomainEvent, EventMetadata } from "../../../modules/kernel";
import type { NoteActor, NoteCommentAdded, NoteCreated } from "../../../modules/notes";
import type { OrganizationRegistered } from "../../../modules/organizations";
import { memberIdStream, participantDecider, participantStream, WAIVER_VERSION, type MemberIdClaimed, type ParticipantEvent } from "../../../modules/participants";
import { DEFAULT_SCREENING_QUESTIONS, type DailyScreeningFilled, type ScreeningQuestionsSet } from "../../../modules/screening";
import { demoParticipant, memberIdFrom } from "../../factories/participants";

/**
 * The events of the scale store, in the shapes the application writes (the event types of each module):
 * a registration is decided by the participants module's own decider; the rest are built to the modules'
 * event types, with the data their deciders put in.
 */
export type Emit = <E extends DomainEvent>(streamId: string, event: E, metadata: EventMetadata, options?: { once?: boolean }) => void;

export const metadataOf = (organizationId: string | null, actorId: string | null, at: Date): EventMetadata => {
  const commandId = randomUUID();
  return { organizationId, actorId, commandId, correlationId: commandId, causationId: null, occurredAt: at.toISOString() };
};

export type Org = { id: string; name: string; type: "school" | "other"; staff: NoteActor[]; kioskUserId: string; screening: boolean };

const STAFF_NAMES = [
  ["Jordan", "Reyes", "COACH", "Coach", 2],
  ["Alex", "Okafor", "ADMIN", "Admin", 3],
  ["Priya", "Lindqvist", "COACH", "Coach", 2],
] as const;

export function newOrg(index: number, screening: boolean): Org {
  const id = randomUUID();
  return {
    id,
    name: `Scale Youth Centre ${index + 1}`,
    type: index % 5 === 0 ? "school" : "other",
    kioskUserId: randomUUID(),
    screening,
    staff: STAFF_NAMES.map(([first, last, roleName, roleDisplayName, level]) => ({ userId: randomUUID(), fullName: `${first} ${last}`, roleName, roleDisplayName, level, groupId: null })),
  };
}

export function emitOrganization(emit: Emit, org: Org, at: Date) {
  emit<OrganizationRegistered>(`organization-${org.id}`, { type: "OrganizationRegistered", data: { organizationId: org.id, name: org.name, type: org.type } }, metadataOf(null, null, at));
  if (org.screening) {
    emit<ScreeningQuestionsSet>(`screening-questions-${org.id}`, { type: "ScreeningQuestionsSet", data: { organizationId: org.id, questions: DEFAULT_SCREENING_QUESTIONS } }, metadataOf(org.id, org.staff[1]!.userId, at));
  }
}

export type Member = MemberRef & { active: boolean; waiver: boolean; independent: boolean; stopFlagged: boolean };

/** Registers the `index`-th member: Member ID claim, the participants decider's registration, and (for most) a signed waiver. */
export function emitRegistration(emit: Emit, org: Org, index: number, total: number, at: Date): Member {
  const seed = demoParticipant(org, index, total, at);
  const memberId = memberIdFrom(`${seed.input.participantId}:${org.id}:${index}`);
  const participantId = seed.input.participantId;
  const meta = metadataOf(org.id, org.staff[1]!.userId, at);
  const decided = participantDecider.decide(null, { type: "RegisterParticipant", data: { ...seed.input, participantId, memberId }, metadata: meta }, at);
  if (!Array.isArray(decided)) throw new Error(`the participants decider refused member ${index}: ${decided.message}`);
  emit<MemberIdClaimed>(memberIdStream(memberId), { type: "MemberIdClaimed", data: { memberId, participantId } }, meta, { once: true });
  for (const event of decided) emit<ParticipantEvent>(participantStream(participantId), event, meta);
  if (seed.waiver) {
    const tokenHash = randomUUID().replace(/-/g, "").padEnd(64, "0");
    const issuedAt = new Date(at.getTime() + 60_000);
    const signedAt = new Date(at.getTime() + 11 * 60_000);
    emit<ParticipantEvent>(
      participantStream(participantId),
      { type: "WaiverTokenIssued", data: { participantId, tokenHash, expiresAt: new Date(issuedAt.getTime() + 7 * 86_400_000).toISOString(), issuedBy: null } },
      metadataOf(org.id, null, issuedAt),
    );
    emit<ParticipantEvent>(
      participantStream(participantId),
      { type: "WaiverSigned", data: { participantId, signedByName: seed.waiver.by, consent: true, signedAt: signedAt.toISOString(), ip: "127.0.0.1", tokenHash, waiverVersion: WAIVER_VERSION } },
      metadataOf(org.id, null, signedAt),
    );
  }
  const registered = decided[0]!.data as { status: string; firstName: string; lastName: string; pickUpPermission: string };
  return {
    participantId,
    organizationId: org.id,
    memberId,
    firstName: registered.firstName,
    lastName: registered.lastName,
    active: registered.status === "Active",
    waiver: seed.waiver !== null,
    independent: /independently/i.test(registered.pickUpPermission),
    stopFlagged: false,
  };
}

const ref = (m: Member): MemberRef => ({ participantId: m.participantId, organizationId: m.organizationId, memberId: m.memberId, firstName: m.firstName, lastName: m.lastName });

export function emitScreening(emit: Emit, org: Org, m: Member, day: string, at: Date) {
  const answers = DEFAULT_SCREENING_QUESTIONS.filter((q) => q.type === "RADIO").map((q) => ({ question_id: q.id, label: q.label, answer: "NO" }));
  emit<DailyScreeningFilled>(
    `screening-${m.participantId}-${day}`,
    { type: "DailyScreeningFilled", data: { participantId: m.participantId, organizationId: org.id, day, answers, isFilled: true, failed: false, flagId: null, filledBy: null, onBehalf: false } },
    metadataOf(org.id, null, at),
    { once: true },
  );
}

export function emitCheckIn(emit: Emit, org: Org, m: Member, checkInId: string, at: Date, day: { start: string; end: string }) {
  emit<CheckInEvent>(
    `checkin-${m.participantId}`,
    { type: "MemberCheckedIn", data: { ...ref(m), checkInId, checkInTime: at.toISOString(), dayStart: day.start, dayEnd: day.end, source: "kiosk" } },
    metadataOf(org.id, org.kioskUserId, at),
  );
}

export function emitCheckOut(emit: Emit, org: Org, m: Member, checkInId: string, at: Date) {
  // a member travelling alone leaves by themselves (NA); the others are released by staff to their contact
  const pickedUp = m.independent
    ? { pickUpName: "NA", pickUpContactNumber: "NA", pickUpRelationship: "NA" }
    : { pickUpName: `Parent of ${m.firstName}`, pickUpContactNumber: "416-555-0100", pickUpRelationship: "Parent" };
  emit<CheckInEvent>(
    `checkin-${m.participantId}`,
    {
      type: "MemberCheckedOut",
      data: { ...ref(m), checkInId, checkOutTime: at.toISOString(), ...pickedUp, source: m.independent ? "kiosk" : "staff", ...(m.independent ? {} : { pickUpPersonId: `parent:${m.participantId}` }) },
    },
    metadataOf(org.id, m.independent ? org.kioskUserId : org.staff[0]!.userId, at),
  );
}

const NOTE_TYPES = ["Program/Event Note", "Late", "Away", "Sick", "Attending", null] as const;

export function emitNote(emit: Emit, org: Org, m: Member, at: Date, k: number, withComment: boolean) {
  const noteId = randomUUID();
  const author = org.staff[k % org.staff.length]!;
  const stream = `note-${noteId}`;
  emit<NoteCreated>(
    stream,
    { type: "NoteCreated", data: { noteId, participantId: m.participantId, organizationId: org.id, type: NOTE_TYPES[k % NOTE_TYPES.length]!, message: `${m.firstName} worked on the group project today and helped set up (${k}).`, roleIds: [], author } },
    metadataOf(org.id, author.userId, at),
    { once: !withComment },
  );
  if (withComment) {
    const by = org.staff[(k + 1) % org.staff.length]!;
    emit<NoteCommentAdded>(stream, { type: "NoteCommentAdded", data: { noteId, commentId: randomUUID(), message: "Thanks, noted for the parents' evening.", by } }, metadataOf(org.id, by.userId, new Date(at.getTime() + 600_000)), { once: true });
  }
}

export type OpenFlag = { flagId: string; member: Member; type: FlagType; resolveOn: number | null };

export function emitFlag(emit: Emit, org: Org, m: Member, at: Date, type: FlagType): string {
  const flagId = randomUUID();
  const by = org.staff[1]!;
  emit<MemberFlagged>(
    `flags-${m.participantId}`,
    { type: "MemberFlagged", data: { flagId, participantId: m.participantId, organizationId: org.id, type, message: type === "stop" ? "Talk to the family before the next visit" : "Keep an eye on the peanut snack table", flaggedBy: by.userId, flaggedByName: by.fullName } },
    metadataOf(org.id, by.userId, at),
  );
  return flagId;
}

export function emitFlagResolved(emit: Emit, org: Org, flag: OpenFlag, at: Date) {
  const by = org.staff[1]!;
  emit<MemberFlagResolved>(
    `flags-${flag.member.participantId}`,
    { type: "MemberFlagResolved", data: { flagId: flag.flagId, participantId: flag.member.participantId, type: flag.type, message: "Spoke with the family", resolvedBy: by.userId } },
    metadataOf(org.id, by.userId, at),
  );
}
