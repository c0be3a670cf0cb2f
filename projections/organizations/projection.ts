import type { Kysely, Transaction } from "kysely";
import {
  DEFAULT_MAIN_COLOR,
  defaultSettings,
  isOrganizationEvent,
  ORGANIZATION_EVENT_TYPES,
  readStoredSettings,
  type OrganizationEvent,
} from "../../modules/organizations";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { OrganizationTables } from "./tables";

type Db = Kysely<OrganizationTables> | Transaction<OrganizationTables>;

/** Topic and event of the live update sent to an organization after its row changed. */
export const ORGANIZATION_LIVE_TOPIC = "organization";
export const ORGANIZATION_LIVE_EVENT = "organization-updated";

async function applyEvent(db: Db, event: RecordedEvent<OrganizationEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  const { revision } = event;
  switch (event.type) {
    case "OrganizationRegistered": {
      const { organizationId, name, type } = event.data;
      await db
        .insertInto("rm_organizations")
        .values({
          id: organizationId,
          name,
          type,
          settings: JSON.stringify(defaultSettings(name, type)),
          main_color: DEFAULT_MAIN_COLOR,
          revision,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "OrganizationSettingsUpdated": {
      const { organizationId } = event.data;
      const settings = readStoredSettings(event.data.settings);
      await db
        .updateTable("rm_organizations")
        .set({ name: settings.name, type: settings.type, settings: JSON.stringify(settings), revision, updated_at: at })
        .where("id", "=", organizationId)
        .where("revision", "<", revision)
        .execute();
      return;
    }
    case "OrganizationThemeChanged": {
      const { organizationId, mainColor } = event.data;
      await db
        .updateTable("rm_organizations")
        .set({ main_color: mainColor, revision, updated_at: at })
        .where("id", "=", organizationId)
        .where("revision", "<", revision)
        .execute();
      return;
    }
    case "OrganizationDeactivated": {
      await db
        .updateTable("rm_organizations")
        .set({ deactivated_at: at, revision, updated_at: at })
        .where("id", "=", event.data.organizationId)
        .where("revision", "<", revision)
        .execute();
      return;
    }
    case "OrganizationReactivated": {
      await db
        .updateTable("rm_organizations")
        .set({ deactivated_at: null, revision, updated_at: at })
        .where("id", "=", event.data.organizationId)
        .where("revision", "<", revision)
        .execute();
      return;
    }
    // a superadmin entering or leaving (decision 069) changes nothing in the row
    case "SuperadminEnteredOrganization":
    case "SuperadminLeftOrganization":
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * One row per organization: name, type, the settings object and the main colour. Idempotent by
 * itself: a registration inserts once, and an update applies only over an older stream revision.
 */
export const organizationsProjection = defineProjection<OrganizationTables>({
  name: "organizations",
  tables: ["rm_organizations"],
  eventTypes: ORGANIZATION_EVENT_TYPES,
  async apply(db, events) {
    const changed = new Set<string>();
    for (const event of events) {
      if (!isOrganizationEvent(event)) continue;
      await applyEvent(db, event as RecordedEvent<OrganizationEvent>);
      if (event.type !== "SuperadminEnteredOrganization" && event.type !== "SuperadminLeftOrganization") changed.add(event.data.organizationId);
    }
    return [...changed].map(
      (organizationId): LiveMessageLike => ({
        organizationId,
        topic: ORGANIZATION_LIVE_TOPIC,
        event: ORGANIZATION_LIVE_EVENT,
        payload: { organizationId },
      }),
    );
  },
});
