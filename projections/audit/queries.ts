import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** The note streams ever written about a participant of the organization, oldest first. */
export async function participantNoteStreams(db: Kysely<ReadModels>, organizationId: string, participantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("rm_audit_note_streams")
    .select("stream_id")
    .where("organization_id", "=", organizationId)
    .where("participant_id", "=", participantId)
    .orderBy("created_at")
    .orderBy("note_id")
    .execute();
  return rows.map((r) => r.stream_id);
}
