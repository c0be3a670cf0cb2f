import { isOrganizationRequestEvent, ORGANIZATION_REQUEST_EVENT_TYPES, type OrganizationRequestEvent } from "../../modules/organizations";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { OrganizationRequestTables } from "./tables";

/** One row per organization request (decision 067); a decision applies to a Pending row only, so replays change nothing. */
export const organizationRequestsProjection = defineProjection<OrganizationRequestTables>({
  name: "organization-requests",
  tables: ["rm_organization_requests"],
  eventTypes: ORGANIZATION_REQUEST_EVENT_TYPES,
  async apply(db, events) {
    for (const raw of events) {
      if (!isOrganizationRequestEvent(raw)) continue;
      const event = raw as RecordedEvent<OrganizationRequestEvent>;
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case "OrganizationRequestSubmitted": {
          const { requestId, details } = event.data;
          await db
            .insertInto("rm_organization_requests")
            .values({ id: requestId, name: details.name, type: details.type, details: JSON.stringify(details), status: "Pending", created_at: at })
            .onConflict((oc) => oc.column("id").doNothing())
            .execute();
          break;
        }
        case "OrganizationRequestApproved":
          await db
            .updateTable("rm_organization_requests")
            .set({ status: "Approved", organization_id: event.data.organizationId, decided_by: event.data.approvedBy || null, decided_at: at })
            .where("id", "=", event.data.requestId)
            .where("status", "=", "Pending")
            .execute();
          break;
        case "OrganizationRequestDeclined":
          await db
            .updateTable("rm_organization_requests")
            .set({ status: "Declined", reason: event.data.reason, decided_by: event.data.declinedBy || null, decided_at: at })
            .where("id", "=", event.data.requestId)
            .where("status", "=", "Pending")
            .execute();
          break;
      }
    }
    return [];
  },
});
