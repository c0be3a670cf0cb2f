import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { ReadModels } from "../read-models";

/** A participant's photo is the asset registered as entity participant, property photo_url (PUT /api/asset). */
export const PHOTO_ENTITY = "participant";
export const PHOTO_PROPERTY = "photo_url";

/**
 * The list url of a participant's photo: the session-authorized photo call (GET /api/participant/{id}/photo,
 * modules/identity's registry), versioned by when the photo was registered so a new photo is a new url
 * (the browser caches each for 5 minutes); null when the participant has none (docs/decisions/023).
 */
export function participantPhotoUrl(participantId: string, registeredAt: Date | string | null | undefined): string | null {
  if (!registeredAt) return null;
  const at = new Date(registeredAt).getTime();
  return Number.isNaN(at) ? null : `/api/participant/${participantId}/photo?v=${at.toString(36)}`;
}

/**
 * The condition that picks a participant's photo row out of rm_assets, for a LEFT JOIN (or a scalar
 * subquery) from a table whose participant id column (a uuid) is `participantIdColumn`. The organization
 * is the caller's: a photo registered in another organization never matches.
 */
export function photoRowOf(organizationId: string, participantIdColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`rm_assets.organization_id = ${organizationId} and rm_assets.entity = ${PHOTO_ENTITY} and rm_assets.property = ${PHOTO_PROPERTY} and rm_assets.entity_id = ${sql.ref(participantIdColumn)}::text`;
}

/** When the participant's photo was registered (its version), as a scalar subquery: null without one. */
export function photoRegisteredAt(organizationId: string, participantIdColumn: string): RawBuilder<Date | null> {
  return sql<Date | null>`(select rm_assets.updated_at from rm_assets where ${photoRowOf(organizationId, participantIdColumn)})`;
}

/**
 * GET /api/participant/{id}/photo: the participant of the organization with its registered photo value,
 * in one query; undefined when there is no such participant here (another organization's is not found).
 */
export async function participantPhotoOf(db: Kysely<ReadModels>, organizationId: string, participantId: string): Promise<{ value: string | null; registeredAt: Date | null } | undefined> {
  const row = await db
    .selectFrom("rm_participants")
    .leftJoin("rm_assets", (join) => join.on(photoRowOf(organizationId, "rm_participants.id")))
    .select(["rm_assets.value", "rm_assets.updated_at"])
    .where("rm_participants.organization_id", "=", organizationId)
    .where("rm_participants.id", "=", participantId)
    .executeTakeFirst();
  return row && { value: row.value ?? null, registeredAt: row.updated_at ?? null };
}
