import { applyFieldPolicy, fieldRoleOfAuth, seesGroup, type Auth, type FieldRole, type Services } from "../identity";
import { todaysNotesOf } from "../notes";
import { timeZoneLabel, timeZoneOf, todayIn } from "../organizations";
import { participantVisitsPage } from "../../projections/check-in";
import { participantById } from "../../projections/participants";
import { meetsOn, programsOfParticipant, type ParticipantProgram } from "../../projections/programs";
import { profileTabOf, VISITS_PAGE_SIZE, visitsPageOf, type ProfileTab } from "./profile-tabs";
import { participantDetailOf, participantPageOf } from "./service-detail";

/** The tabs a role has: every staff role reads the notes it may see; a role without the safeguarding fields has no Notes tab. */
export function profileTabsFor(role: FieldRole): ProfileTab[] {
  return seesGroup(role, "safeguarding") ? ["overview", "visits", "notes", "programs"] : ["overview", "visits", "programs"];
}

type Target = { services: Services; auth: Auth; role: FieldRole; participantId: string; timeZone: string };

/** The Visits tab: a page of check-ins, newest first, each with the programs that met that day and who collected the child (as the role may see). */
async function visitsTab({ services, auth, role, participantId, timeZone }: Target, pageParam: string | null | undefined) {
  const org = auth.organization.id;
  const size = VISITS_PAGE_SIZE;
  let page = visitsPageOf(pageParam, Number.MAX_SAFE_INTEGER);
  const [first, programs] = await Promise.all([participantVisitsPage(services.db, org, participantId, { page, size }), programsOfParticipant(services.db, org, participantId)]);
  let visits = first;
  const pages = Math.ceil(visits.count / size);
  if (visits.data.length === 0 && pages > 0 && page >= pages) {
    // a page past the last: the last page
    page = pages - 1;
    visits = await participantVisitsPage(services.db, org, participantId, { page, size });
  }
  const data = visits.data.map((v) => {
    const day = todayIn(timeZone, new Date(v.check_in_time));
    // the visit's programs are the member's programs of that day: registered and meeting (decision 038's one answer)
    const met = programs.filter((p) => p.registered && meetsOn(p, day)).map((p) => ({ id: p.id, name: p.name, type: p.type }));
    return applyFieldPolicy(role, {
      id: v.id,
      check_in_time: v.check_in_time,
      check_out_time: v.check_out_time,
      pick_up_name: v.pick_up_name,
      pick_up_relationship: v.pick_up_relationship,
      security_code: v.security_code,
      programs_and_events: met,
    });
  });
  return { data, count: visits.count, page, pages, size };
}

/** The Programs tab: the programs the participant is registered to, then the drop-in programs still running (open to every member). */
async function programsTab({ services, auth, participantId, timeZone }: Target) {
  const today = todayIn(timeZone, services.clock.now());
  const all = await programsOfParticipant(services.db, auth.organization.id, participantId);
  const shown = (p: ParticipantProgram) => ({ ...p, is_past: p.end_date < today });
  return {
    registered: all.filter((p) => p.registered).map(shown),
    dropIn: all.filter((p) => !p.registered && p.end_date >= today).map(shown),
  };
}

/**
 * /participants/{id}?tab=…&page=…: the participant's profile (issue 15; docs/decisions/039). Always the
 * header and the Overview's person (the participant detail, through the field policy for the viewer's
 * role), and the data of the tab asked for: a page of visits, today's notes (the ones the viewer may
 * read), or the programs. Read only. Another organization's participant, or no such one, is null (the
 * page answers 404); who may open the page at all is the page's route rule (staff).
 */
export async function participantProfileOf(services: Services, auth: Auth, id: string | undefined, query: { tab?: string | null; page?: string | null }) {
  const page = await participantPageOf(services, auth, id);
  if (!page) return null;
  const participantId = page.participant.id;
  const role = fieldRoleOfAuth(auth);
  const tabs = profileTabsFor(role);
  const tab = profileTabOf(query.tab, tabs);
  const timeZone = timeZoneOf(auth.organization.settings);
  const target: Target = { services, auth, role, participantId, timeZone };
  const [person, row] = await Promise.all([participantDetailOf(services, auth, participantId), participantById(services.db, auth.organization.id, participantId)]);
  // who signed the waiver: the record's history, as the role may see it
  const waiver = applyFieldPolicy(role, { waiver_signed_at: person.waiver_signed_at ?? null, waiver_signed_by: row?.waiver_signed_by ?? null });
  return {
    ...page,
    person,
    waiver,
    tabs,
    tab,
    timeZone,
    timeZoneName: timeZoneLabel(timeZone, services.clock.now()),
    visits: tab === "visits" ? await visitsTab(target, query.page) : null,
    notesToday: tab === "notes" ? await todaysNotesOf(services, auth, participantId) : null,
    programs: tab === "programs" ? await programsTab(target) : null,
  };
}

export type ParticipantProfilePage = NonNullable<Awaited<ReturnType<typeof participantProfileOf>>>;
