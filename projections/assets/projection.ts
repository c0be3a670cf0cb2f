import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { AssetRegistered } from "../../modules/uploads";
import { defineProjection } from "../runner";
import type { AssetTables } from "./tables";

type Db = Kysely<AssetTables> | Transaction<AssetTables>;

/** One row per entity and property: the last registered value wins (events come in global order). */
export const assetsProjection = defineProjection<AssetTables>({
  name: "assets",
  tables: ["rm_assets"],
  eventTypes: ["AssetRegistered"],
  async apply(db: Db, events) {
    for (const event of events as RecordedEvent<AssetRegistered>[]) {
      if (event.type !== "AssetRegistered") continue;
      const d = event.data;
      const row = {
        organization_id: d.organizationId,
        entity: d.entity,
        entity_id: d.entityId,
        property: d.property,
        value: d.value,
        updated_by: event.metadata.actorId ?? null,
        updated_at: event.metadata.occurredAt,
      };
      await db
        .insertInto("rm_assets")
        .values(row)
        .onConflict((oc) => oc.columns(["organization_id", "entity", "entity_id", "property"]).doUpdateSet({ value: row.value, updated_by: row.updated_by, updated_at: row.updated_at }))
        .execute();
    }
  },
});
