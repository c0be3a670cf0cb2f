import type { Kysely } from "kysely";
import { completeChallenge, inChallengeAudience, membersFacts, recordSession } from "../../modules/challenges";
import type { AttendanceMarked } from "../../modules/programs";
import type { SurveyResponseSubmitted } from "../../modules/surveys";
import { DomainError, systemClock, type RecordedEvent } from "../../modules/kernel";
import { timeZoneOf, todayIn } from "../../modules/organizations";
import { getOrganization } from "../organizations";
import type { ReadModels } from "../read-models";
import { defineProjection } from "../runner";
import { applyEventAttendance, type EventAttendanceChange } from "./event-attendance";
import { challengesOpenOn, type ChallengeRow } from "./queries";

export const CHALLENGE_PROGRESS = "challenge-progress";

type Handled = RecordedEvent<AttendanceMarked> | RecordedEvent<SurveyResponseSubmitted> | EventAttendanceChange;

/**
 * Challenges completed by what members do (decisions 102, 112), as the attendance points are awarded (decision 087): a
 * checkpointed subscriber of survey submissions and of the attendance of program sessions and events. A submitted
 * survey completes the open challenges that name it; a session's latest mark (present or late: counted; another
 * status: not) moves the open attendance challenges of its program, or of any program; an event's latest mark
 * (present: counted once per event; absent or unregistered: not) moves those of any program. Only challenges open on
 * the session's day (the event's first day, the submission's day), created before the mark or the submission was
 * recorded, and members in their audience. Each completion awards its points once: the command ids derive from the
 * challenge, the member and the mark, so a replay, a rebuild or a second delivery appends nothing. It owns no table;
 * a rebuild into shadow tables hands no store, and it then sends nothing.
 */
/** only what members do once a challenge exists counts (decision 102): a replay, or a projector catching up, gives the same answer */
const existedAt = (c: ChallengeRow, event: RecordedEvent) => Date.parse(c.created_date) <= Date.parse(event.metadata.occurredAt);

/** a refusal is final for that event (it would be refused again on every replay); anything else stops the batch to be retried */
async function refusalsSkipped(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

export const challengeProgressProjection = defineProjection<ReadModels>({
  name: CHALLENGE_PROGRESS,
  tables: [],
  eventTypes: ["AttendanceMarked", "SurveyResponseSubmitted", "EventAttendanceMarked", "ParticipantUnregisteredFromEvent"],
  async apply(db, events, context) {
    if (!context) return;
    const deps = { store: context.store, clock: systemClock, db: db as Kysely<ReadModels> };
    const zones = new Map<string, Promise<string>>();
    const zoneOf = (organizationId: string) => {
      if (!zones.has(organizationId)) zones.set(organizationId, getOrganization(deps.db, organizationId).then((o) => timeZoneOf(o?.settings)));
      return zones.get(organizationId)!;
    };
    const facts = async (organizationId: string, participantId: string, challenges: ChallengeRow[]) => {
      const programIds = [...new Set(challenges.flatMap((c) => c.audience.programIds))];
      return (await membersFacts(deps.db, organizationId, [participantId], programIds))[0];
    };
    const eventCtx = {
      deps,
      zoneOf,
      refusalsSkipped,
      challengesFor: async (organizationId: string, day: string, event: RecordedEvent) => (await challengesOpenOn(deps.db, organizationId, day, "attendance")).filter((c) => c.program_id === null && existedAt(c, event)),
      forMember: async (organizationId: string, participantId: string, challenges: ChallengeRow[], day: string) => {
        const member = await facts(organizationId, participantId, challenges);
        return member ? challenges.filter((c) => inChallengeAudience(c.audience, member, day)) : [];
      },
    };
    const done = new Set<string>();
    for (const event of events as Handled[]) {
      if (event.type === "EventAttendanceMarked" || event.type === "ParticipantUnregisteredFromEvent") {
        await applyEventAttendance(eventCtx, event, done);
      } else if (event.type === "SurveyResponseSubmitted") {
        const d = event.data;
        const day = todayIn(await zoneOf(d.organizationId), new Date(event.metadata.occurredAt));
        const challenges = (await challengesOpenOn(deps.db, d.organizationId, day, "survey")).filter((c) => c.survey_id === d.surveyId && existedAt(c, event));
        if (challenges.length === 0) continue;
        const member = await facts(d.organizationId, d.participantId, challenges);
        if (!member) continue;
        for (const c of challenges) if (inChallengeAudience(c.audience, member, day)) await refusalsSkipped(completeChallenge(deps, c, d.organizationId, d.participantId, "survey", null));
      } else if (event.type === "AttendanceMarked") {
        const d = event.data;
        const organizationId = event.metadata.organizationId;
        const key = `${event.streamId}|${d.participantId}`;
        if (!organizationId || done.has(key)) continue;
        done.add(key);
        const challenges = (await challengesOpenOn(deps.db, organizationId, d.date, "attendance")).filter((c) => (c.program_id === null || c.program_id === d.programId) && existedAt(c, event));
        if (challenges.length === 0) continue;
        const member = await facts(organizationId, d.participantId, challenges);
        if (!member) continue;
        // the participant's latest mark of this session, whichever mark is being handled
        const stream = (await deps.store.readStream(event.streamId)).events as RecordedEvent[];
        const latest = stream.filter((e): e is RecordedEvent<AttendanceMarked> => e.type === "AttendanceMarked" && (e.data as AttendanceMarked["data"]).participantId === d.participantId).at(-1) ?? event;
        const attended = latest.data.status === "present" || latest.data.status === "late";
        for (const c of challenges) {
          if (!inChallengeAudience(c.audience, member, d.date)) continue;
          await refusalsSkipped(recordSession(deps, c, organizationId, d.participantId, { markId: latest.eventId, sessionKey: d.sessionKey, attended, actorId: latest.data.markedBy }));
        }
      }
    }
  },
});
