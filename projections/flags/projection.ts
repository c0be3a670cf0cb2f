import type { Kysely, Transaction } from "kysely";
import { FLAG_EVENT_TYPES, isFlagEvent, type FlagEvent } from "../../modules/flags";
import type { RecordedEvent } from "../../modules/kernel";
import { CHECK_IN_KIOSK_TOPIC, CHECK_IN_TOPIC } from "../check-in";
import { defineProjection, type LiveMessageLike } from "../runner";
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

/** The live event boards and open participant dialogs of the organization get when a member's flags change. */
export const FLAG_CHANGED = "flag:changed";
/** Its payload: the member's active flags after the change. */
export type FlagChange = { participant_id: string; stop: boolean; warn: boolean };

/**
 * One row per flag: inserted once when raised, marked Resolved (idempotently) when resolved. After commit,
 * each changed member's active flags go to the organization's check-in topic (the board's audience).
 */
export const flagsProjection = defineProjection<FlagTables>({
  name: "flags",
  tables: ["rm_flags"],
  eventTypes: FLAG_EVENT_TYPES,
  async apply(db, events) {
    const changed = new Set<string>();
    for (const event of events) {
      if (!isFlagEvent(event)) continue;
      await applyEvent(db, event as RecordedEvent<FlagEvent>);
      changed.add(event.data.participantId);
    }
    const messages: LiveMessageLike[] = [];
    for (const participantId of changed) {
      const flags = await db.selectFrom("rm_flags").select(["type", "status", "organization_id"]).where("participant_id", "=", participantId).execute();
      const active = flags.filter((f) => f.status === "Active");
      const payload: FlagChange = { participant_id: participantId, stop: active.some((f) => f.type === "stop"), warn: active.some((f) => f.type === "warn") };
      // the flag state (never its text) to both of the board's audiences
      if (flags[0]) for (const topic of [CHECK_IN_TOPIC, CHECK_IN_KIOSK_TOPIC]) messages.push({ organizationId: flags[0].organization_id, topic, event: FLAG_CHANGED, payload });
    }
    return messages;
  },
});
