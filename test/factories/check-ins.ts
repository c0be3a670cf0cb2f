import { checkInOrOut, factSources, INDEPENDENT_TRAVEL, type CheckInDeps, type CheckInRequest } from "../../modules/check-in";
import { fixedClock, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { dayBoundsIn } from "../../modules/organizations";
import { DEMO_FAMILY_CHILD_INDEXES } from "./family";
import { demoFlagOf } from "./flags";
import { demoParticipant } from "./participants";

export type Deps = { store: EventStore; clock: Clock };

/**
 * Today's demo visits of an organization (docs/decisions/041): DEMO_VISITS generated participants who may
 * check in (Active, waiver signed, no flag, not the demo family's), the oldest registered first. The first DEMO_VISITS_STILL_IN
 * are still here (their security codes on the board); of the rest, those an adult picks up were collected
 * by the first person of their pick-up list and the others left on their own.
 */
export const DEMO_VISITS = 8;
export const DEMO_VISITS_STILL_IN = 4;

type Visitor = { index: number; participantId: string; independent: boolean };

/** The generated participants the seed checks in today, in order (pure: derived from demoParticipant and demoFlagOf). */
export function demoVisitors(org: { id: string; name: string; type: "school" | "other" }, generated: number, now: Date): Visitor[] {
  const visitors: Visitor[] = [];
  for (let index = 0; index < generated && visitors.length < DEMO_VISITS; index++) {
    const seed = demoParticipant(org, index, generated, now);
    // the demo family's children have their own visits (decision 040)
    if (seed.input.status !== "Active" || !seed.waiver || demoFlagOf(index) || (DEMO_FAMILY_CHILD_INDEXES as readonly number[]).includes(index)) continue;
    visitors.push({ index, participantId: seed.input.participantId, independent: seed.input.pickUpPermission === INDEPENDENT_TRAVEL });
  }
  return visitors;
}

/**
 * Checks today's visitors in (and some out) through the check-in handler the app uses (checkInOrOut, with
 * the facts read from the store): each visit gets its security code from the organization's day, and a
 * child an adult collects is released to a person of their list by id, as staff do. The times run from up
 * to three hours ago to a few minutes ago, within the organization's day. Ids derive from the participant:
 * running it twice writes once.
 */
export async function seedDemoVisits(
  deps: Deps,
  org: { id: string; name: string; type: "school" | "other"; timeZone: string },
  generated: number,
  staff: { userId: string; name: string },
): Promise<number> {
  const now = deps.clock.now();
  const day = dayBoundsIn(org.timeZone, now);
  const first = Math.max(Date.parse(day.start), now.getTime() - 3 * 3_600_000);
  const span = Math.max(0, now.getTime() - 5 * 60_000 - first);
  const visitors = demoVisitors(org, generated, now);
  const facts = factSources({ store: deps.store });
  let visits = 0;
  for (const [k, visitor] of visitors.entries()) {
    const inAt = new Date(first + Math.floor((span * k) / (2 * visitors.length)));
    const base: CheckInRequest = {
      participantId: visitor.participantId,
      type: "in",
      time: inAt.toISOString(),
      dayStart: day.start,
      dayEnd: day.end,
      source: "staff",
      actorName: staff.name,
      securityCodes: { timeZone: org.timeZone },
    };
    const commandId = idFrom("demo-seed", "check-in", visitor.participantId, day.start);
    const metadata = { commandId, organizationId: org.id, actorId: staff.userId, correlationId: commandId };
    const checkInDeps: CheckInDeps = { store: deps.store, clock: fixedClock(inAt), facts };
    const checkedIn = await checkInOrOut(checkInDeps, base, metadata);
    if (!checkedIn.ok) throw new Error(`seeding the check-in of ${visitor.participantId}: ${checkedIn.error.message}`);
    visits++;
    if (k < DEMO_VISITS_STILL_IN) continue;
    const visit = checkedIn.events.find((e) => e.type === "MemberCheckedIn");
    if (!visit || visit.type !== "MemberCheckedIn") continue;
    const outAt = new Date(inAt.getTime() + Math.floor(span / 2));
    const adult = visitor.independent ? undefined : (await facts.participant(visitor.participantId, { pickUp: true }))?.pickUpPeople.at(-1);
    const outId = idFrom("demo-seed", "check-out", visitor.participantId, day.start);
    const checkedOut = await checkInOrOut(
      { ...checkInDeps, clock: fixedClock(outAt) },
      { ...base, type: "out", time: outAt.toISOString(), checkInId: visit.data.checkInId, pickUpPersonId: adult?.id },
      { ...metadata, commandId: outId, correlationId: outId },
    );
    if (!checkedOut.ok) throw new Error(`seeding the check-out of ${visitor.participantId}: ${checkedOut.error.message}`);
  }
  return visits;
}
