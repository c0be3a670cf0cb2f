import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { RESOURCE_EVENT_TYPES, type AnyResourceEvent, type ResourceFields } from "../../modules/resources";
import { defineProjection } from "../runner";
import type { ResourceTables } from "./tables";

type Db = Kysely<ResourceTables> | Transaction<ResourceTables>;

const columnsOf = (f: ResourceFields) => ({
  title: f.title,
  description: f.description,
  kind: f.kind,
  url: f.url,
  file_path: f.filePath,
  file_name: f.fileName,
  content_type: f.contentType,
  bytes: f.bytes,
  visibility: f.visibility,
  group_ids: JSON.stringify(f.groupIds),
});

/** rm_resources: the resources as last edited, archived or not, and how often each was opened (decision 101). */
export const resourcesProjection = defineProjection<ResourceTables>({
  name: "resources",
  tables: ["rm_resources"],
  eventTypes: [...RESOURCE_EVENT_TYPES],
  async apply(db: Db, events) {
    for (const event of events as RecordedEvent<AnyResourceEvent>[]) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case "ResourceAdded": {
          const d = event.data;
          await db
            .insertInto("rm_resources")
            .values({ id: d.resourceId, organization_id: d.organizationId, ...columnsOf(d), archived: false, downloads: 0, last_opened_at: null, created_by: d.addedBy, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column("id").doNothing())
            .execute();
          break;
        }
        case "ResourceUpdated":
          await db.updateTable("rm_resources").set({ ...columnsOf(event.data), updated_at: at }).where("id", "=", event.data.resourceId).execute();
          break;
        case "ResourceArchived":
          await db.updateTable("rm_resources").set({ archived: true, updated_at: at }).where("id", "=", event.data.resourceId).execute();
          break;
        case "ResourceOpened":
          await db
            .updateTable("rm_resources")
            .set({ downloads: sql<number>`downloads + 1` as unknown as number, last_opened_at: at })
            .where("id", "=", event.data.resourceId)
            .where("organization_id", "=", event.data.organizationId)
            .execute();
          break;
      }
    }
  },
});
