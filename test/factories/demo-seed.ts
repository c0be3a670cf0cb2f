import { idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, defaultSettings, registerOrganization, updateOrganizationSettings } from "../../modules/organizations";
import { demoVisitors, seedDemoVisits } from "./check-ins";
import { demoFamilyChildIds, seedDemoFamily } from "./family";
import { demoFlaggedParticipantIds, seedDemoFlags } from "./flags";
import { seedDemoGuardians } from "./guardians";
import { createDefaultGroups, createUser } from "./identity";
import { DEMO_PARTICIPANTS_PER_ORGANIZATION, seedDemoParticipants } from "./participants";
import { seedDemoPrograms } from "./programs";
import { seedDemoWeeklyPrograms } from "./program-builder";
import { seedDemoEvents } from "./appointments";
import { seedDemoAttendance } from "./program-attendance";
import { seedDemoScreening } from "./screening";
import { seedDemoStaffUsers } from "./staff-users";
import { seedDemoInvitations } from "./invitations";
import { seedDemoMessages } from "./messages";
import { seedDemoAnnouncements } from "./announcements";
import { seedDemoRequests } from "./requests";
import { seedDemoParticipantInvitations } from "./participant-invitations";
import { LEVEL, type InvitationMail } from "../../modules/identity";
import { seedDemoProfiles } from "./profiles";
import { seedDemoVisitHistory } from "./visits";
import { seedDemoOrganizationRequests } from "./organization-requests";
import { seedDemoSurveys } from "./surveys";
import { seedDemoChildPoints, seedDemoPoints, seedDemoStore } from "./points";
import { seedDemoChallenges } from "./challenges";
import { seedDemoIntegrations } from "./integrations";
import { seedDemoResources } from "./resources";
import { seedDemoWaiverVersions } from "./waivers";

export const DEMO_PASSWORD = "rollcall-demo";
/** the parent's two children (demo users and participants) */
const DEMO_CHILDREN = ["Maya", "Leo"] as const;
/** The demo organization with daily screening on (Maple Street School); Northside Youth Centre has it off. */
export const DAILY_SCREENING_ORGANIZATION_ID = idFrom("demo", "organization", "maple-street-school");
export const DEMO_ROLES = ["superadmin", "granter", "organization", "admin", "coach", "parent", "participant", "kiosk"] as const;

/**
 * The demo organizations (the domain issues extend this seed with their own data). Maple Street School
 * is in Vancouver, Northside Youth Centre in Toronto (the default zone): a new user sees both kinds of
 * "today" (docs/decisions/032).
 */
export const demoOrganizations = [
  { id: idFrom("demo", "organization", "maple-street-school"), name: "Maple Street School", type: "school", domain: "maple.demo", timeZone: "America/Vancouver" },
  { id: idFrom("demo", "organization", "northside-youth-centre"), name: "Northside Youth Centre", type: "other", domain: "northside.demo", timeZone: DEFAULT_TIME_ZONE },
] as const;

/** Each demo organization's address (the settings need one), by domain; its zone comes with it in one settings update. */
const DEMO_ADDRESSES: Record<string, { street_address: string; city: string; state: string; postal_code: string }> = {
  "maple.demo": { street_address: "24 Maple Street", city: "Vancouver", state: "British Columbia", postal_code: "V5K 0A1" },
  "northside.demo": { street_address: "12 Northside Road", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" },
};

const FIRST_NAMES: Record<(typeof DEMO_ROLES)[number], string> = {
  superadmin: "Sam",
  granter: "Grace",
  organization: "Olivia",
  admin: "Adam",
  coach: "Carla",
  parent: "Priya",
  participant: "Pat",
  kiosk: "Front Desk",
};

/** A day relative to the clock's today, 'YYYY-MM-DD' (UTC; the cycle is wide enough that the zone does not matter). */
function demoDay(clock: Clock, days: number): string {
  return new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

async function seedOrganization(deps: { store: EventStore; clock: Clock }, org: (typeof demoOrganizations)[number]) {
  const commandId = idFrom("demo-seed", org.id);
  const result = await registerOrganization(deps, {
    type: "RegisterOrganization",
    data: { organizationId: org.id, name: org.name, type: org.type },
    metadata: { commandId, organizationId: null, actorId: null, correlationId: commandId },
  });
  if (!result.ok) throw new Error(`seeding ${org.name}: ${result.error.message}`);
  // the program builder, programs and events on (decisions 049, 052), the address and the zone
  const defaults = defaultSettings(org.name, org.type);
  const settings = {
    ...defaults,
    features: {
      ...defaults.features,
      program_builder: { ...defaults.features.program_builder, is_enabled: true },
      // registration pages (decision 052): a cycle around the demo programs' (eight weeks back, seventeen ahead)
      program: {
        ...defaults.features.program,
        is_enabled: true,
        program_cycle_start: demoDay(deps.clock, -70),
        program_cycle_end: demoDay(deps.clock, 150),
        register_subtitle: "Choose a program for the season. Places are kept in the order you register.",
      },
      event: { is_enabled: true, event_subtitle: "Trips and special days: register before the event fills up." },
      // resources (decision 101): on in both demo organizations
      document: { is_enabled: true },
      // communications (decision 091): on in the school, every channel (text messages go to the SMS outbox in development)
      ...(org.type === "school" && { communication: { is_enabled: true, sending_methods: ["INTERNAL", "EMAIL", "SMS"] as ("INTERNAL" | "EMAIL" | "SMS")[] } }),
    },
    address: { address: "", unit: "", ...DEMO_ADDRESSES[org.domain]! },
    time_zone: org.timeZone,
  };
  const settingsCommandId = idFrom("demo-seed", "time-zone", org.id);
  const updated = await updateOrganizationSettings(deps, {
    type: "UpdateOrganizationSettings",
    data: { organizationId: org.id, settings },
    metadata: { commandId: settingsCommandId, organizationId: null, actorId: null, correlationId: settingsCommandId },
  });
  if (!updated.ok) throw new Error(`setting up ${org.name}: ${updated.error.message}`);
}

/**
 * Seeds the demo data when the store holds no event yet: two organizations, their default user groups,
 * one account per role (`<role>@northside.demo` / `<role>@maple.demo`, password `rollcall-demo`), two
 * children linked to each parent, and 200 participants per organization (test/factories/participants.ts).
 * Every id is derived, so two processes seeding at once write it once.
 */
/** `sendMail`: where the demo invitations' mails go (the outbox; decision 063), when the caller has one. */
export async function seedDemoDataIfEmpty(deps: { store: EventStore; clock: Clock; sendMail?: (mail: InvitationMail) => Promise<void> }): Promise<number> {
  if ((await deps.store.headPosition()) > 0) return 0;
  let accounts = 0;
  for (const org of demoOrganizations) {
    await seedOrganization(deps, org);
    const groups = await createDefaultGroups(deps, org.id, org.type);
    const ids: Record<string, string> = {};
    for (const role of DEMO_ROLES) {
      const group = groups[role]!;
      ids[role] = await createUser(deps, {
        organizationId: org.id,
        username: `${role}@${org.domain}`,
        firstName: FIRST_NAMES[role],
        lastName: role === "kiosk" ? "Kiosk" : org.name.split(" ")[0]!,
        userGroupId: group.id,
        password: DEMO_PASSWORD,
      });
      accounts++;
    }
    // the staff user lists (decision 061): coaches, admins and an organization account of every status, invitations Pending
    accounts += await seedDemoStaffUsers(deps, org, groups, ids.organization!);
    // invitations (decision 063): some of those staff Invited, one Expired, the rest Pending
    await seedDemoInvitations(deps, org, Object.values(groups).map((g) => ({ id: g.id, level: g.level })), { id: ids.organization!, name: `${FIRST_NAMES.organization} ${org.name.split(" ")[0]!}`, level: LEVEL.organization }, deps.sendMail);
    // my profile (decision 060): the admin's phone number, the parent's newsletters off
    const account = (role: "admin" | "parent") => ({ userId: ids[role]!, username: `${role}@${org.domain}`, firstName: FIRST_NAMES[role], lastName: org.name.split(" ")[0]! });
    await seedDemoProfiles(deps, org.id, org.domain.startsWith("northside") ? "+1 416 555 0100" : "+1 204 555 0100", { admin: account("admin"), parent: account("parent") });
    const children: { userId: string; firstName: string; lastName: string }[] = [];
    for (const [i, name] of DEMO_CHILDREN.entries()) {
      const childId = await createUser(deps, {
        organizationId: org.id,
        username: `child${i + 1}@${org.domain}`,
        firstName: name,
        lastName: org.name.split(" ")[0]!,
        userGroupId: groups.participant!.id,
        parentId: ids.parent!,
        password: DEMO_PASSWORD,
      });
      children.push({ userId: childId, firstName: name, lastName: org.name.split(" ")[0]! });
      accounts++;
    }
    // 200 participants, the two children among them (linked to the parent and to their own users)
    const participants = await seedDemoParticipants(deps, org, { parentId: ids.parent!, parentName: `${FIRST_NAMES.parent} ${org.name.split(" ")[0]!}`, children });
    // programs after the participants: pass the seeded participants' ids to register a subset of them
    await seedDemoPrograms(deps, org.id, participants.map((p) => p.participantId), { timeZone: org.timeZone });
    await seedDemoWeeklyPrograms(deps, org, participants.map((p) => p.participantId), { coachId: ids.coach! });
    // three events (decisions 047, 052): a past trip with its attendance, an upcoming camp full to its capacity, a movie night with places
    await seedDemoEvents(deps, org, participants.map((p) => p.participantId), { coachId: ids.coach! });
    // the weekly programs' past eight weeks of attendance, with a few drop-ins (decision 046)
    await seedDemoAttendance(deps, org, participants.map((p) => p.participantId), { coachId: ids.coach! });
    // about 5% stop-flagged and 5% warn-flagged, raised by the admin (the children are never flagged)
    const generated = participants.slice(0, DEMO_PARTICIPANTS_PER_ORGANIZATION - children.length).map((p) => p.participantId);
    // visit histories and a note of the day for the participant profile (decision 039); before the flags, so flagged members have visits
    await seedDemoVisitHistory(deps, org, generated, { userId: ids.coach!, name: `${FIRST_NAMES.coach} ${org.name.split(" ")[0]!}` });
    await seedDemoFlags(deps, org.id, generated, { userId: ids.admin!, name: `${FIRST_NAMES.admin} ${org.name.split(" ")[0]!}` });
    // the screening questions; daily screening on for Maple Street School only
    await seedDemoScreening(deps, org, { userId: ids.admin! }, org.id === DAILY_SCREENING_ORGANIZATION_ID);
    // today's visits, checked in by the coach with security codes, some collected by a listed adult (decision 041);
    // not where daily screening is on: nobody has filled today's screening there
    if (org.id !== DAILY_SCREENING_ORGANIZATION_ID) {
      await seedDemoVisits(deps, org, DEMO_PARTICIPANTS_PER_ORGANIZATION - children.length, { userId: ids.coach!, name: `${FIRST_NAMES.coach} ${org.name.split(" ")[0]!}` });
    }
    // the parents' home's family (family@<domain>): one child with a waiver to sign; in Northside, the other
    // picked up today with earlier visits this month (Maple Street School shows the screening to fill)
    const screeningOn = org.id === DAILY_SCREENING_ORGANIZATION_ID;
    await seedDemoFamily(deps, org, { parentGroupId: groups.parent!.id, password: DEMO_PASSWORD, visits: !screeningOn, screeningOn });
    accounts++;
    // guardians (decision 064): the family's first child gets a second guardian; a parent with no child yet
    await seedDemoGuardians(deps, org, { parentGroupId: groups.parent!.id, password: DEMO_PASSWORD });
    accounts += 2;
    // membership requests (decision 066): Pending (a member, a parent with a child; a teacher in a school), one declined, one approved
    await seedDemoRequests(deps, org, ids.admin!);
    // the inbox (decision 073): a coach's message to the first child, copied to her parent, answered; the admin's to the parent
    await seedDemoMessages(deps, org.id, { coachId: ids.coach!, adminId: ids.admin!, parentId: ids.parent!, childId: children[0]!.userId });
    // announcements (decision 091): in the school, where communications are on
    if (org.type === "school") await seedDemoAnnouncements(deps, org.id, { adminId: ids.admin!, parentGroupId: groups.parent!.id, coachGroupId: groups.coach!.id });
    // participants' own accounts (decision 068): two 16-year-olds, one Invited (its mail in the outbox), one Pending
    accounts += await seedDemoParticipantInvitations(
      deps,
      org,
      Object.values(groups).map((g) => ({ id: g.id, level: g.level })),
      groups.participant!.id,
      { id: ids.organization!, name: `${FIRST_NAMES.organization} ${org.name.split(" ")[0]!}` },
      deps.sendMail,
    );
    // surveys (decision 074): a pre survey (closed) and a post survey (open) over the same item codes, answered by most generated participants
    await seedDemoSurveys(deps, org, generated, ids.admin!);
    // points and the store (decisions 075, 076): points over the season, the children enough to shop, a stocked store and a few orders
    await seedDemoPoints(deps, org, generated, ids.coach!);
    await seedDemoChildPoints(deps, org, participants.slice(generated.length).map((p) => p.participantId), ids.coach!);
    await seedDemoStore(deps, org, generated, ids.admin!);
    // challenges (decisions 102, 112): one per rule and one where events count, with some progress and a few completions (their points awarded)
    await seedDemoChallenges(deps, org, generated, participants.slice(generated.length).map((p) => p.participantId), { adminId: ids.admin!, coachId: ids.coach! }, participants.map((p) => p.participantId));
    // integrations (decision 080): two API keys of the admin (one expired) and an example webhook, turned off
    await seedDemoIntegrations(deps, org.id, ids.admin!);
    // resources (decision 101): a PDF handbook, links, a parents-only and a coaches-only item, opened by the family and the children
    await seedDemoResources(deps, org, { parent: groups.parent!.id, coach: groups.coach!.id }, ids.admin!, [ids.parent!, ...children.map((c) => c.userId), ids.participant!]);
    // waiver versions (decision 100): an older text, two members who signed only it, the built-in text current again
    await seedDemoWaiverVersions(deps, org.id, generated, ids.admin!);
  }
  // organization requests (decision 067): one Pending, one granted by granter@northside.demo (a third organization)
  await seedDemoOrganizationRequests(deps, idFrom("user", "granter@northside.demo"));
  return accounts;
}

/**
 * The demo participants the seed checks in on its day (Northside Youth Centre only), the first
 * DEMO_VISITS_STILL_IN of each organization still checked in: tests that need a member who is not on the
 * board skip these. Which ones does not depend on the day the seed runs.
 */
export const DEMO_VISITOR_PARTICIPANT_IDS: ReadonlySet<string> = new Set(
  demoOrganizations
    .filter((org) => org.id !== DAILY_SCREENING_ORGANIZATION_ID)
    .flatMap((org) => demoVisitors(org, DEMO_PARTICIPANTS_PER_ORGANIZATION - DEMO_CHILDREN.length, new Date()).map((v) => v.participantId)),
);

/**
 * The demo participants a test must not take as a fresh member, in every demo organization: those the seed
 * flags, and the demo family's children (linked to family@<domain>, with visits seeded: decision 040).
 */
export const DEMO_FLAGGED_PARTICIPANT_IDS: ReadonlySet<string> = new Set(
  demoOrganizations.flatMap((org) => [...demoFlaggedParticipantIds(org.id, DEMO_PARTICIPANTS_PER_ORGANIZATION - DEMO_CHILDREN.length), ...demoFamilyChildIds(org.id)]),
);
