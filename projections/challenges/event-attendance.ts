import { loadEvent, type AppointmentEvent } from "../../modules/appointments";
import { recordSession, type ProgressDeps } from "../../modules/challenges";
import { idFrom, type RecordedEvent } from "../../modules/kernel";
import { todayIn } from "../../modules/organizations";
import type { ChallengeRow } from "./queries";

type EventMarked = RecordedEvent<Extract<AppointmentEvent, { type: "EventAttendanceMarked" }>>;
type Unregistered = RecordedEvent<Extract<AppointmentEvent, { type: "ParticipantUnregisteredFromEvent" }>>;
export type EventAttendanceChange = EventMarked | Unregistered;
/** an event counts once, whatever its length: its key in the member's progress stream */
export const eventSessionKey = (eventId: string) => `event:${eventId}`;

/** The participants an event's change concerns. */
export const participantsOf = (event: EventAttendanceChange) => (event.type === "EventAttendanceMarked" ? event.data.marks.map((m) => m.participantId) : [event.data.participantId]);

/**
 * A participant's attendance of an event as its stream says now (decision 112): the latest of their marks and
 * unregistrations (unregistering drops the mark). Present: attended; absent, or no mark any more: not. `markId`
 * names that latest change, so a replay or a second delivery finds its command already in the progress stream.
 */
export function latestEventAttendance(stream: readonly RecordedEvent[], participantId: string, fallback: EventAttendanceChange) {
  const changes = stream.filter((e): e is EventAttendanceChange => (e.type === "EventAttendanceMarked" || e.type === "ParticipantUnregisteredFromEvent") && participantsOf(e as EventAttendanceChange).includes(participantId));
  const latest = changes.at(-1) ?? fallback;
  const attended = latest.type === "EventAttendanceMarked" && latest.data.marks.find((m) => m.participantId === participantId)?.status === "present";
  return { markId: idFrom(latest.eventId, participantId), attended, actorId: latest.metadata.actorId ?? null };
}

type Context = {
  deps: ProgressDeps;
  zoneOf: (organizationId: string) => Promise<string>;
  /** the open attendance challenges of the day that count an event (any program), existing when the change was recorded */
  challengesFor: (organizationId: string, day: string, event: RecordedEvent) => Promise<ChallengeRow[]>;
  /** each challenge whose audience takes the participant on that day */
  forMember: (organizationId: string, participantId: string, challenges: ChallengeRow[], day: string) => Promise<ChallengeRow[]>;
  /** a refusal is final for that change; anything else stops the batch */
  refusalsSkipped: (work: Promise<unknown>) => Promise<void>;
};

/**
 * An event attended counts as one session in the attendance challenges of any program (decision 112) open on the
 * event's first day (in the organization's zone). A correction to absent (or an unregistration) takes it back, as a
 * session's does, until the challenge is completed: then the points stand.
 */
export async function applyEventAttendance(ctx: Context, event: EventAttendanceChange, done: Set<string>) {
  const appointment = await loadEvent(ctx.deps.store, event.data.eventId);
  if (!appointment) return;
  const organizationId = appointment.organizationId;
  const day = todayIn(await ctx.zoneOf(organizationId), new Date(appointment.details.startAt));
  const challenges = await ctx.challengesFor(organizationId, day, event);
  if (challenges.length === 0) return;
  const stream = (await ctx.deps.store.readStream(event.streamId)).events as RecordedEvent[];
  for (const participantId of participantsOf(event)) {
    const key = `${event.streamId}|${participantId}`;
    if (done.has(key)) continue;
    done.add(key);
    const mine = await ctx.forMember(organizationId, participantId, challenges, day);
    if (mine.length === 0) continue;
    const latest = latestEventAttendance(stream, participantId, event);
    for (const c of mine) await ctx.refusalsSkipped(recordSession(ctx.deps, c, organizationId, participantId, { ...latest, sessionKey: eventSessionKey(appointment.eventId) }));
  }
}
