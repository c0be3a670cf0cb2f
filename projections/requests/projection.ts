import type { Kysely, Transaction } from "kysely";
import { REQUEST_EVENT_TYPES, isRequestEvent, type RequestEvent } from "../../modules/requests";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { RequestTables } from "./tables";

type Db = Kysely<RequestTables> | Transaction<RequestTables>;

async function applyEvent(db: Db, event: RecordedEvent<RequestEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "RequestSubmitted": {
      const d = event.data;
      await db
        .insertInto("rm_requests")
        .values({
          id: d.requestId,
          organization_id: d.organizationId,
          kind: d.kind,
          status: "Pending",
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          phone: d.phone,
          message: d.message,
          birth_date: d.birthDate,
          gender: d.gender,
          child: d.child ? JSON.stringify(d.child) : null,
          school_role: d.schoolRole,
          submitted_at: at,
          decided_at: null,
          decided_by: null,
          reason: null,
          user_id: null,
          participant_id: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "RequestApproved":
      await db
        .updateTable("rm_requests")
        .set({ status: "Approved", decided_at: at, decided_by: event.data.approvedBy, user_id: event.data.userId, participant_id: event.data.participantId })
        .where("id", "=", event.data.requestId)
        .execute();
      return;
    case "RequestDeclined":
      await db.updateTable("rm_requests").set({ status: "Declined", decided_at: at, decided_by: event.data.declinedBy, reason: event.data.reason }).where("id", "=", event.data.requestId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** One row per membership request: inserted when submitted, its status and decision set once. */
export const requestsProjection = defineProjection<RequestTables>({
  name: "requests",
  tables: ["rm_requests"],
  eventTypes: REQUEST_EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) if (isRequestEvent(event)) await applyEvent(db, event as RecordedEvent<RequestEvent>);
    return [];
  },
});
