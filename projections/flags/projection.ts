import type { Kysely, Transaction } from "kysely";
import { FLAG_EVENT_TYPES, isFlagEvent, type FlagEvent } from "../../modules/flags";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { FlagTables } from "./tables";

type Db = Kysely<FlagTables> | Transaction<FlagTables>;

async function applyEvent(db: Db, event: RecordedEvent<FlagEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "MemberFlagged": {
      const d = event.data;
      await db
        .insertInto("rm_flags")
        .values({
          id: d.flagId,
          organization_id: d.organizationId,
          participant_id: d.participantId,
          type: d.type,
          status: "Active",
          message: d.message,
          flagged_by: d.flaggedBy,
          flagged_by_name: d.flaggedByName,
          flagged_at: at,
          resolution_message: null,
          resolved_by: null,
          resolved_at: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "MemberFlagResolved":
      await db
        .updateTable("rm_flags")
        .set({ status: "Resolved", resolution_message: event.data.message, resolved_by: event.data.resolvedBy, resolved_at: at })
        .where("id", "=", event.data.flagId)
        .execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** One row per flag: inserted once when raised, marked Resolved (idempotently) when resolved. */
export const flagsProjection = defineProjection<FlagTables>({
  name: "flags",
  tables: ["rm_flags"],
  eventTypes: FLAG_EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) {
      if (isFlagEvent(event)) await applyEvent(db, event as RecordedEvent<FlagEvent>);
    }
  },
});
