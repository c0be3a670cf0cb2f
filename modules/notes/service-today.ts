import type { Auth, Services } from "../identity";
import { dayBoundsIn, timeZoneOf } from "../organizations";
import { listNotes } from "../../projections/notes";
import { withAttachmentUrls } from "./attachment-urls";
import { viewerOf } from "./service-reads";

/** At most this many of a day's notes on the profile; the Notes tab's list below pages through them all. */
export const TODAYS_NOTES_LIMIT = 50;

/**
 * The notes written today (the organization's day, in its time zone) about a participant that this user
 * may read (the notes' visibility for the viewer, as GET /api/note answers), newest first, flags' notes
 * included. The caller has checked that the participant is of the viewer's organization.
 */
export async function todaysNotesOf(services: Services, auth: Auth, participantId: string) {
  const day = dayBoundsIn(timeZoneOf(auth.organization.settings), services.clock.now());
  const page = await listNotes(services.db, viewerOf(auth), {
    participantId,
    filter: "All Notes",
    direction: "desc",
    page: 0,
    size: TODAYS_NOTES_LIMIT,
    createdIn: { from: day.start, to: day.end },
  });
  return { count: page.count, data: await withAttachmentUrls(services, auth.organization.id, page.data) };
}
