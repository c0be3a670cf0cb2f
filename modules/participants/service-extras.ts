import { loadActiveFlags } from "../flags";
import type { Services } from "../identity";
import { withAttachmentUrls } from "../notes";
import { dayBoundsIn, todayIn } from "../organizations";
import { screeningDay } from "../screening";
import { latestVisit } from "../../projections/check-in";
import { activeFlags } from "../../projections/flags";
import { LATEST_NOTES, listNotes, type NoteViewer } from "../../projections/notes";
import { memberProgramsOn } from "../../projections/programs";
import { hasFilledScreening } from "../../projections/screening";

/**
 * What GET /api/participant/{id} and POST /api/participant/member add to the participant from other
 * modules' read models. Each is a named hook returning the "nothing yet" answer until its module exists:
 * the flags, notes, screening, programs and check-in modules replace the body of their own hook.
 */
export type ParticipantExtras = {
  is_flagged: boolean;
  is_warned: boolean;
  flags: { count: number; data: unknown[] };
  notes: { count: number; data: unknown[] };
  /** today's daily screening is filled */
  hasfilled: boolean;
  vaccinated: boolean | null;
  programs_and_events: { id: string; name: string; start_date: string; end_date: string; type: string; start_label?: string; end_label?: string }[];
  check_in_time: string | null;
  check_out_time: string | null;
};

/** `viewer`: who asks (the notes they may see); without one, no notes are given. `timeZone`: the organization's, for 'today'. */
type Target = { services: Services; organizationId: string; participantId: string; now: Date; timeZone: string; viewer?: NoteViewer };

/** The active stop / warn flags, from the flags read model (is_flagged: an active stop flag). */
async function flagsHook({ services, organizationId, participantId }: Target): Promise<Pick<ParticipantExtras, "is_flagged" | "is_warned" | "flags">> {
  const data = await activeFlags(services.db, organizationId, participantId);
  return { is_flagged: data.some((f) => f.type === "stop"), is_warned: data.some((f) => f.type === "warn"), flags: { count: data.length, data } };
}

/** The latest notes (All Notes, newest first) the viewer may see, and how many there are in all. */
async function notesHook({ services, participantId, viewer }: Target): Promise<ParticipantExtras["notes"]> {
  if (!viewer) return { count: 0, data: [] };
  const { data, count } = await listNotes(services.db, viewer, { participantId, filter: "All Notes", direction: "desc", page: 0, size: LATEST_NOTES });
  return { count, data: await withAttachmentUrls(services, viewer.organizationId, data) };
}

/** Whether today's screening (the organization's day) is filled, from the screening read model; no vaccination answer is kept. */
async function screeningHook({ services, organizationId, participantId, now, timeZone }: Target): Promise<Pick<ParticipantExtras, "hasfilled" | "vaccinated">> {
  return { hasfilled: await hasFilledScreening(services.db, organizationId, participantId, screeningDay(now, timeZone)), vaccinated: null };
}

/** Today's programs of the participant, in the organization's time zone: the one answer of docs/decisions/038 (the board and the CSV give the same). */
async function programsTodayHook({ services, organizationId, participantId, now, timeZone }: Target): Promise<ParticipantExtras["programs_and_events"]> {
  const today = todayIn(timeZone, now);
  const programs = await memberProgramsOn(services.db, organizationId, participantId, today);
  return programs.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    start_date: `${today}T${p.start_time}`,
    end_date: `${today}T${p.end_time}`,
    start_label: p.start_label,
    end_label: p.end_label,
  }));
}

/** Today's check-in and check-out times (the organization's day, in its time zone). */
async function checkInTodayHook({ services, organizationId, participantId, now, timeZone }: Target): Promise<Pick<ParticipantExtras, "check_in_time" | "check_out_time">> {
  const day = dayBoundsIn(timeZone, now);
  const visit = await latestVisit(services.db, organizationId, participantId, day);
  return { check_in_time: visit?.check_in_time ?? null, check_out_time: visit?.check_out_time ?? null };
}

/** Every hook for one participant, run together. */
export async function participantExtras(target: Target): Promise<ParticipantExtras> {
  const [flags, notes, screening, programs, checkIn] = await Promise.all([
    flagsHook(target),
    notesHook(target),
    screeningHook(target),
    programsTodayHook(target),
    checkInTodayHook(target),
  ]);
  return { ...flags, notes, ...screening, programs_and_events: programs, ...checkIn };
}

/**
 * Only the flag state (the Member ID lookup needs no more), from the flag stream rather than the read
 * model: the kiosk decides from it, and a stop flag raised a second ago must show at once.
 */
export const flagStateOf = async (services: Pick<Services, "store">, participantId: string) => {
  const { stop, warn } = await loadActiveFlags(services.store, participantId);
  return { is_flagged: stop, is_warned: warn };
};
