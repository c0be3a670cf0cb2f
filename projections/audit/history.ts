import type { Kysely } from "kysely";
import type { AuditLookup } from "../../modules/audit";
import { flagStreamId, type FlagEvent } from "../../modules/flags";
import type { EventStore, RecordedEvent } from "../../modules/kernel";
import { isNoteAdmin, type NoteEvent } from "../../modules/notes";
import { groupNamesOf, usersWithGroupNamesOf } from "../identity";
import type { ReadModels } from "../read-models";
import { participantNoteStreams } from "./queries";

/**
 * Reading a participant's history for the auditor's replay (decision 021), shared by the audit page and
 * calls (modules/audit/service.ts) and the history export (workers/exports, decision 014): the events
 * come from the event store; the audit index (`rm_audit_note_streams`) only says which note streams exist.
 */
export type HistoryDeps = { store: EventStore; db: Kysely<ReadModels> };

/** Who reads the history: note visibility is judged for them. null: nobody's notes (flags only). */
export type HistoryViewer = { userId: string; level: number; groupId: string | null };

/**
 * Waits (at most `timeoutMs`) until the audit index has reached the store's head, so a note written a
 * moment ago is listed. Answers false when it gave up (the history then lacks only the newest notes).
 */
export async function waitForAuditIndex(deps: HistoryDeps, timeoutMs = 2_000, pollMs = 20): Promise<boolean> {
  const target = await deps.store.lastCommittedPosition();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await deps.db.selectFrom("projection_checkpoints").select("position").where("name", "=", "audit").executeTakeFirst();
    if (Number(row?.position ?? 0) >= target) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** People and user groups of the organization, by id: flag events carry a user id only. */
export async function auditLookupOf(db: Kysely<ReadModels>, organizationId: string): Promise<AuditLookup> {
  const [users, groups] = await Promise.all([usersWithGroupNamesOf(db, organizationId), groupNamesOf(db, organizationId)]);
  const people = new Map(users.map((u) => [u.id, { name: `${u.first_name} ${u.last_name}`.trim(), role: u.display_name || u.name }]));
  const groupNames = new Map(groups.map((g) => [g.id, g.display_name || g.name]));
  return { user: (id) => people.get(id), group: (id) => groupNames.get(id) };
}

/**
 * May this viewer see the note's history? Admin levels (3-6) see every note; below them (a coach group
 * given the permission) the rule of 'Who can see this note?' (decision 016) applies to the note as its
 * events leave it: the author, or a member of a listed group, or everyone when none is listed.
 */
export function mayViewNoteHistory(events: readonly RecordedEvent<NoteEvent>[], viewer: HistoryViewer): boolean {
  if (isNoteAdmin(viewer.level)) return true;
  let author: string | null = null;
  let roleIds: string[] = [];
  for (const event of events) {
    if (event.type === "NoteCreated") {
      author = event.data.author.userId;
      roleIds = event.data.roleIds;
    } else if (event.type === "NoteEdited") roleIds = event.data.roleIds;
  }
  return roleIds.length === 0 || author === viewer.userId || (viewer.groupId !== null && roleIds.includes(viewer.groupId));
}

/**
 * Every event of the participant's note streams (those the viewer may see; none for a null viewer) and
 * of the flag stream, read from the event store, of the organization only (a second guard).
 */
export async function participantHistoryEvents(
  deps: HistoryDeps,
  { organizationId, participantId, viewer }: { organizationId: string; participantId: string; viewer: HistoryViewer | null },
): Promise<RecordedEvent[]> {
  const noteStreams = viewer ? await participantNoteStreams(deps.db, organizationId, participantId) : [];
  const [flags, ...notes] = await Promise.all([
    deps.store.readStream<FlagEvent>(flagStreamId(participantId)),
    ...noteStreams.map((stream) => deps.store.readStream<NoteEvent>(stream)),
  ]);
  const events: RecordedEvent[] = [];
  for (const note of notes) if (viewer && mayViewNoteHistory(note.events, viewer)) events.push(...note.events);
  events.push(...flags!.events);
  return events.filter((e) => e.metadata.organizationId === organizationId);
}
