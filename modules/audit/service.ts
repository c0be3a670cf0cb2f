import { Readable } from "node:stream";
import type { Auth, Services } from "../identity";
import { DomainError, isUuid, type RecordedEvent } from "../kernel";
import { timeZoneOf } from "../organizations";
import { auditLookupOf, participantHistoryEvents } from "../../projections/audit";
import { userGroupIdOf } from "../../projections/identity";
import { participantById } from "../../projections/participants";
import { waitForProjection } from "../../projections/runner";
import type { AuditQuery } from "./commands";
import { auditCsvFileName, auditCsvStream } from "./csv";
import type { AuditEntry, AuditState } from "./model";
import { auditStateAt } from "./state-at";
import { auditTimeline } from "./timeline";

export type AuditParticipant = { id: string; full_name: string; member_id: string | null };
export type ParticipantAudit = { participant: AuditParticipant; at: string; timeline: AuditEntry[]; state: AuditState };

const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

async function requireParticipant(services: Services, auth: Auth, id: string | undefined): Promise<AuditParticipant> {
  if (!id || !isUuid(id)) throw participantNotFound();
  const row = await participantById(services.db, auth.organization.id, id);
  if (!row) throw participantNotFound();
  return { id: row.id, full_name: row.full_name, member_id: row.member_id };
}

/**
 * Every event of the participant's note streams (those the auditor may see) and flag stream, read from
 * the event store (the audit index only says which note streams exist), of the auditor's organization only.
 */
async function participantEvents(services: Services, auth: Auth, participantId: string): Promise<RecordedEvent[]> {
  const organizationId = auth.organization.id;
  // a note written a moment ago: its stream is listed once the audit index has caught up with the head
  await waitForProjection(services, "audit", { timeoutMs: 2_000 });
  const groupId = await userGroupIdOf(services.db, auth.user.id);
  const viewer = { userId: auth.user.id, level: auth.user.roleLevel, groupId };
  return participantHistoryEvents(services, { organizationId, participantId, viewer });
}

const lookupOf = (services: Services, organizationId: string) => auditLookupOf(services.db, organizationId);

/** GET /api/audit/participant/{id}?at=: the timeline, and the notes and flags as they stood at `at` (default now). */
export async function participantAudit(services: Services, auth: Auth, participantId: string | undefined, query: AuditQuery): Promise<ParticipantAudit> {
  const at = query.at ? new Date(Date.parse(query.at)) : services.clock.now();
  const participant = await requireParticipant(services, auth, participantId);
  const [events, lookup] = await Promise.all([participantEvents(services, auth, participant.id), lookupOf(services, auth.organization.id)]);
  return { participant, at: at.toISOString(), timeline: auditTimeline(events, lookup), state: auditStateAt(events, at, lookup) };
}

/** GET /api/audit/participant/{id}/timeline.csv: the timeline as a CSV download. */
export async function participantAuditCsv(services: Services, auth: Auth, participantId: string | undefined): Promise<Response> {
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

/** The audit page's data (as it stands now): null for no such participant or another organization's (the page answers 404). */
export async function auditPageOf(services: Services, auth: Auth, participantId: string | undefined): Promise<ParticipantAudit | null> {
  try {
    return await participantAudit(services, auth, participantId, {});
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}
