import { Readable } from "node:stream";
import {
  auditCsvFileName,
  auditCsvStream,
  auditStateAt,
  auditTimeline,
  type AuditEntry,
  type AuditState,
} from "#modules/audit";
import { DomainError, isUuid, type RecordedEvent } from "#modules/kernel";
import { timeZoneOf } from "#modules/organizations";
import { auditLookupOf, participantHistoryEvents } from "#projections/audit";
import { userGroupIdOf } from "#projections/identity";
import { participantById } from "#projections/participants";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { waitForProjection } from "./read-your-writes.server";

export type AuditParticipant = { id: string; full_name: string; member_id: string | null };
export type ParticipantAudit = { participant: AuditParticipant; at: string; timeline: AuditEntry[]; state: AuditState };

export const AT_INVALID = "at must be an ISO 8601 date and time, e.g. 2026-11-20T14:30:00Z";
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** `at` of the query: absent or empty is now; anything but an ISO 8601 date-time with its offset is a 400. */
export function parseAt(value: string | null, now: Date): Date {
  if (value === null || value.trim() === "") return now;
  const text = value.trim();
  const time = ISO_DATE_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw new DomainError("VALIDATION", AT_INVALID, 400);
  return new Date(time);
}

const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

async function requireParticipant(services: AppServices, auth: Auth, id: string | undefined): Promise<AuditParticipant> {
  if (!id || !isUuid(id)) throw participantNotFound();
  const row = await participantById(services.db, auth.organization.id, id);
  if (!row) throw participantNotFound();
  return { id: row.id, full_name: row.full_name, member_id: row.member_id };
}

/**
 * Every event of the participant's note streams (those the auditor may see) and flag stream, read from
 * the event store (the audit index only says which note streams exist), of the auditor's organization only.
 */
async function participantEvents(services: AppServices, auth: Auth, participantId: string): Promise<RecordedEvent[]> {
  const organizationId = auth.organization.id;
  // a note written a moment ago: its stream is listed once the audit index has caught up with the head
  await waitForProjection(services, "audit", { timeoutMs: 2_000 });
  const groupId = await userGroupIdOf(services.db, auth.user.id);
  const viewer = { userId: auth.user.id, level: auth.user.roleLevel, groupId };
  return participantHistoryEvents(services, { organizationId, participantId, viewer });
}

const lookupOf = (services: AppServices, organizationId: string) => auditLookupOf(services.db, organizationId);

/** GET /api/audit/participant/{id}?at=: the timeline, and the notes and flags as they stood at `at`. */
export async function participantAudit(services: AppServices, auth: Auth, participantId: string | undefined, url: URL): Promise<ParticipantAudit> {
  const at = parseAt(url.searchParams.get("at"), services.clock.now());
  const participant = await requireParticipant(services, auth, participantId);
  const [events, lookup] = await Promise.all([participantEvents(services, auth, participant.id), lookupOf(services, auth.organization.id)]);
  return { participant, at: at.toISOString(), timeline: auditTimeline(events, lookup), state: auditStateAt(events, at, lookup) };
}

/** GET /api/audit/participant/{id}/timeline.csv: the timeline as a CSV download. */
export async function participantAuditCsv(services: AppServices, auth: Auth, participantId: string | undefined): Promise<Response> {
  const participant = await requireParticipant(services, auth, participantId);
  const [events, lookup] = await Promise.all([participantEvents(services, auth, participant.id), lookupOf(services, auth.organization.id)]);
  const timeline = auditTimeline(events, lookup);
  // the file's date and every row's time in the organization's zone (decision 032)
  const timeZone = timeZoneOf(auth.organization.settings);
  const name = auditCsvFileName(participant.full_name, services.clock.now(), timeZone);
  const body = Readable.toWeb(auditCsvStream(timeline, timeZone)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The audit page's data: null for no such participant or another organization's (the page answers 404). */
export async function auditPageOf(services: AppServices, auth: Auth, participantId: string | undefined): Promise<ParticipantAudit | null> {
  try {
    return await participantAudit(services, auth, participantId, new URL("http://page/"));
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}
