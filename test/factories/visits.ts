import { checkInOrOut, factSources } from "../../modules/check-in";
import { fixedClock, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { handleNoteCommand } from "../../modules/notes";
import { dayBoundsIn, todayIn } from "../../modules/organizations";
import { demoFlagOf } from "./flags";
import { inPool } from "./participants";

type Deps = { store: EventStore; clock: Clock };

/**
 * Which generated demo participants (by index) get a visit history (the profile's
 * tabs, decision 039): the first sixteen, and a warn-flagged (17) and a stop-flagged (27) one. Some of
 * them cannot check in (no signed waiver, inactive, alumni) and have none.
 */
export const DEMO_VISITOR_INDICES: readonly number[] = [...Array.from({ length: 16 }, (_, i) => i), 17, 27];
/** The first few come often: more visits than a page of the Visits tab holds. */
const REGULARS = 4;
/** Past days (counted back from the seed's day) on which the regulars came; the others came on four of them. */
const VISIT_DAYS = [1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 15, 16];
const NOTE_MESSAGES = ["Arrived with a friend from school", "Asked to join the basketball group next week", "Forgot a water bottle, gave one from the kitchen", "Worked on homework with a volunteer"];

/** 'YYYY-MM-DD' `days` before `date`. */
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The instant of a wall-clock time on a day in a time zone (the zone's offset at that day's noon). */
function at(timeZone: string, date: string, hour: number, minute: number): Date {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  const local = new Date(noonUtc.toLocaleString("en-US", { timeZone }));
  const utc = new Date(noonUtc.toLocaleString("en-US", { timeZone: "UTC" }));
  const offsetMs = local.getTime() - utc.getTime();
  return new Date(Date.parse(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`) - offsetMs);
}

/**
 * A visit history for the profile's Visits tab (decision 039): the `DEMO_VISITOR_INDICES` participants
 * come on some of the last weeks' afternoons (the first `REGULARS` on twelve, the others on four), checked in and out through the check-in command with the
 * clock set to the visit (so the rules run: a participant without a signed waiver is refused and has no
 * visits), released to their first pick-up person when an adult collects them; the flagged ones get a note
 * of the day from the coach. Runs before the flags are raised, so flagged participants have visits too.
 * Eight participants at a time. Ids derive from the participant and the day: running it twice writes once.
 */
export async function seedDemoVisitHistory(
  deps: Deps,
  org: { id: string; timeZone: string },
  participantIds: readonly string[],
  coach: { userId: string; name: string },
): Promise<{ visits: number; notes: number }> {
  const today = todayIn(org.timeZone, deps.clock.now());
  const facts = factSources(deps);
  const visitors = DEMO_VISITOR_INDICES.flatMap((i) => (participantIds[i] ? [participantIds[i]] : []));
  const counts = await inPool(visitors, 8, async (participantId, index) => {
    let visits = 0;
    const days = index < REGULARS ? VISIT_DAYS : VISIT_DAYS.filter((_, k) => k % 3 === index % 3).slice(0, 4);
    for (const back of days) {
      const date = daysBefore(today, back);
      const inAt = at(org.timeZone, date, 15, 20 + ((index * 7 + back) % 35));
      const outAt = at(org.timeZone, date, 17, 30 + ((index * 11 + back) % 25));
      const bounds = dayBoundsIn(org.timeZone, inAt);
      const commandId = idFrom("seed-visit", participantId, date);
      const checkedIn = await checkInOrOut(
        { store: deps.store, clock: fixedClock(inAt), facts },
        { participantId, type: "in", time: inAt.toISOString(), dayStart: bounds.start, dayEnd: bounds.end, source: "staff", securityCodes: { timeZone: org.timeZone } },
        { commandId, organizationId: org.id, actorId: coach.userId, correlationId: commandId },
      );
      if (!checkedIn.ok) break; // refused (no signed waiver): this participant has no visits
      const person = await facts.participant(participantId, { pickUp: true });
      const outId = idFrom("seed-visit-out", participantId, date);
      const checkedOut = await checkInOrOut(
        { store: deps.store, clock: fixedClock(outAt), facts },
        { participantId, type: "out", time: outAt.toISOString(), dayStart: bounds.start, dayEnd: bounds.end, source: "staff", pickUpPersonId: person?.pickUpPeople[0]?.id },
        { commandId: outId, organizationId: org.id, actorId: coach.userId, correlationId: outId },
      );
      if (!checkedOut.ok) throw new Error(`seeding the check-out of ${participantId} on ${date}: ${checkedOut.error.message}`);
      visits++;
    }
    // a note of the day for the flagged visitors only (who carry their flag's note too): the tests that pick
    // an unflagged member expect one without notes
    if (!demoFlagOf(DEMO_VISITOR_INDICES[index]!)) return { visits, noted: 0 };
    const noteCommand = idFrom("seed-note-today", participantId);
    const noted = await handleNoteCommand(deps, {
      type: "CreateNote",
      data: {
        noteId: idFrom("demo", "note", participantId),
        participantId,
        type: index % 2 === 0 ? "Attending" : null,
        message: NOTE_MESSAGES[index % NOTE_MESSAGES.length]!,
        actor: { userId: coach.userId, fullName: coach.name, roleName: "COACH", roleDisplayName: "Coach", level: 2 },
      },
      metadata: { commandId: noteCommand, organizationId: org.id, actorId: coach.userId, correlationId: noteCommand },
    });
    if (!noted.ok) throw new Error(`seeding the note of ${participantId}: ${noted.error.message}`);
    return { visits, noted: 1 };
  });
  const visits = counts.reduce((sum, c) => sum + c.visits, 0);
  const notes = counts.reduce((sum, c) => sum + c.noted, 0);
  return { visits, notes };
}
