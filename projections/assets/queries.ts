import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** The value registered for an entity's property in an organization, or null. */
export async function assetValueOf(db: Kysely<ReadModels>, organizationId: string, entity: string, entityId: string, property: string): Promise<string | null> {
  const row = await db
    .selectFrom("rm_assets")
    .select("value")
    .where("organization_id", "=", organizationId)
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .where("property", "=", property)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** The values of one property for many entities (a list's photos), by entity id. */
export async function assetValuesOf(db: Kysely<ReadModels>, organizationId: string, entity: string, entityIds: readonly string[], property: string): Promise<Map<string, string>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("rm_assets")
    .select(["entity_id", "value"])
    .where("organization_id", "=", organizationId)
    .where("entity", "=", entity)
    .where("entity_id", "in", [...entityIds])
    .where("property", "=", property)
    .execute();
  return new Map(rows.map((r) => [r.entity_id, r.value]));
}
