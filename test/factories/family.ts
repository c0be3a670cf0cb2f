import { checkInDeps, checkInOrOut } from "../../modules/check-in";
import { LEVEL } from "../../modules/identity";
import { fixedClock, idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import { dayBoundsIn, startOfDayIn, todayIn } from "../../modules/organizations";
import { handleParticipantCommand, loadParticipant } from "../../modules/participants";
import { DEFAULT_SCREENING_QUESTIONS, submitScreening } from "../../modules/screening";
import { createUser } from "./identity";

type Deps = { store: EventStore; clock: Clock };

/** The demo family of the parents' home (docs/decisions/040): `family@<domain>`, password as every demo account. */
export const DEMO_FAMILY_USERNAME = (domain: string) => `family@${domain}`;
/**
 * Which generated demo participants become the family's children: #1 (waiver signed, picked up by an
 * adult, registered to the After School Club and the Museum Trip) and #3 (no waiver yet). Both are among
 * the oldest, never flagged, so tests that take the newest members for check-ins never meet them.
 */
export const DEMO_FAMILY_CHILD_INDEXES = [1, 3] as const;
export const demoFamilyChildIds = (organizationId: string) => DEMO_FAMILY_CHILD_INDEXES.map((i) => idFrom("demo", "participant", organizationId, i));

const MINUTE = 60_000;
const meta = (commandId: string, organizationId: string, actorId: string | null = null): CommandMetadata & { organizationId: string } => ({
  commandId,
  organizationId,
  actorId,
  correlationId: commandId,
});

/**
 * The parents' home's demo family: a parent account linked to two existing demo participants (the
 * participant count stays as it is), the second with a waiver to sign; with `visits`, the first checked
 * in today and picked up by the parent, with a few earlier visits this month (where daily screening is
 * on, each visit follows a filled screening). Every id derives from the organization: running it twice
 * writes once.
 */
export async function seedDemoFamily(
  deps: Deps,
  org: { id: string; domain: string; timeZone: string },
  { parentGroupId, password, visits: withVisits, screeningOn }: { parentGroupId: string; password: string; visits: boolean; screeningOn: boolean },
) {
  const [firstId, secondId] = demoFamilyChildIds(org.id) as [string, string];
  const first = await loadParticipant(deps.store, firstId);
  if (!first) throw new Error(`seeding the demo family: participant ${firstId} is missing`);
  const parentId = await createUser(deps, {
    organizationId: org.id,
    username: DEMO_FAMILY_USERNAME(org.domain),
    firstName: "Farah",
    lastName: first.lastName,
    userGroupId: parentGroupId,
    password,
  });
  for (const childId of [firstId, secondId]) {
    const child = await loadParticipant(deps.store, childId);
    if (!child) throw new Error(`seeding the demo family: participant ${childId} is missing`);
    const { participantId, organizationId: _org, memberId: _m, status: _s, waiverSigned: _w, waiverSignedAt: _a, waiverSignedBy: _b, waiverVersion: _v, waiverTokens: _t, ...profile } = child;
    const commandId = idFrom("seed-family-link", childId);
    const linked = await handleParticipantCommand(deps, {
      type: "UpdateParticipant",
      data: { ...profile, participantId, parentId, contactName: `Farah ${first.lastName}` },
      metadata: meta(commandId, org.id),
    });
    if (!linked.ok) throw new Error(`linking ${child.firstName} to the demo family: ${linked.error.message}`);
  }

  if (!withVisits) return parentId;
  const now = deps.clock.now();
  const today = todayIn(org.timeZone, now);
  const at = (date: string, hour: number, minute: number) => new Date(startOfDayIn(org.timeZone, date).getTime() + (hour * 60 + minute) * MINUTE);
  const visits: { inAt: Date; outAt: Date | null }[] = [];
  // the first child's earlier visits come from the visit history (test/factories/visits.ts, decision 039:
  // they are one of its regulars), so no day of the month has two visits of theirs
  // today: in at 3:32 PM (or an hour ago, when earlier), picked up two hours later (or a minute ago)
  const dayStart = startOfDayIn(org.timeZone, today).getTime();
  const inAt = new Date(Math.max(dayStart + MINUTE, Math.min(at(today, 15, 32).getTime(), now.getTime() - 60 * MINUTE)));
  const outAt = new Date(Math.min(inAt.getTime() + 130 * MINUTE, now.getTime() - MINUTE));
  if (inAt.getTime() < now.getTime()) visits.push({ inAt, outAt: outAt.getTime() > inAt.getTime() ? outAt : null });

  for (const visit of visits) await seedVisit(deps, org, firstId, parentId, visit, screeningOn);
  return parentId;
}

/** One visit of the family's first child: the day's screening (where it is on), in, and out to the parent. */
async function seedVisit(deps: Deps, org: { id: string; timeZone: string }, participantId: string, parentId: string, visit: { inAt: Date; outAt: Date | null }, screeningOn: boolean) {
  const bounds = dayBoundsIn(org.timeZone, visit.inAt);
  const key = visit.inAt.toISOString();
  if (screeningOn) {
    const answers = DEFAULT_SCREENING_QUESTIONS.filter((q) => q.type === "RADIO").map((q) => ({ question_id: q.id, answer: "NO" }));
    await submitScreening(
      { store: deps.store, clock: fixedClock(new Date(visit.inAt.getTime() - 30 * MINUTE)) },
      { kind: "fill", participantId, answers, actor: { userId: parentId, level: LEVEL.participant, roleName: "PARENT" } },
      meta(idFrom("seed-family-screening", participantId, key), org.id, parentId),
    );
  }
  const checkIn = await checkInOrOut(
    checkInDeps({ store: deps.store, clock: fixedClock(visit.inAt) }),
    { participantId, type: "in", dayStart: bounds.start, dayEnd: bounds.end, source: "staff", actorName: "Front Desk" },
    meta(idFrom("seed-family-check-in", participantId, key), org.id),
  );
  if (!checkIn.ok) throw new Error(`seeding a visit of the demo family: ${checkIn.error.message}`);
  if (!visit.outAt) return;
  const checkOut = await checkInOrOut(
    checkInDeps({ store: deps.store, clock: fixedClock(visit.outAt) }),
    { participantId, type: "out", dayStart: bounds.start, dayEnd: bounds.end, source: "staff", actorName: "Front Desk", pickUpPersonId: `parent:${parentId}` },
    meta(idFrom("seed-family-check-out", participantId, key), org.id),
  );
  if (!checkOut.ok) throw new Error(`seeding a pick-up of the demo family: ${checkOut.error.message}`);
}
