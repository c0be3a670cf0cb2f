import { LEVEL } from "../../modules/identity";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { approvalIdsOf, carryOutApproval, organizationRequestDecider, organizationRequestStream, type OrganizationRequestDetails } from "../../modules/organizations";

type Deps = { store: EventStore; clock: Clock };

/** The demo's organization requests (decision 067): one Pending; one the demo granter approved (its organization is "theirs"). */
export const DEMO_PENDING_ORGANIZATION_REQUEST: OrganizationRequestDetails = {
  name: "Riverbend Arts Collective",
  type: "other",
  street_address: "88 River Avenue",
  city: "Winnipeg",
  state: "Manitoba",
  postal_code: "R3L 0B4",
  contact_first_name: "Rosa",
  contact_last_name: "Diaz",
  contact_email: "rosa.diaz@riverbend.demo",
  contact_phone: "204 555 0142",
};
export const DEMO_GRANTED_ORGANIZATION_REQUEST: OrganizationRequestDetails = {
  name: "Harbourview Learning Centre",
  type: "school",
  street_address: "1 Harbour Street",
  city: "Halifax",
  state: "Nova Scotia",
  postal_code: "B3H 1A1",
  contact_first_name: "Hugo",
  contact_last_name: "Chen",
  contact_email: "hugo.chen@harbourview.demo",
  contact_phone: "902 555 0177",
};

export const demoOrganizationRequestId = (details: OrganizationRequestDetails) => idFrom("demo", "organization-request", details.name);

async function submit(deps: Deps, details: OrganizationRequestDetails): Promise<string> {
  const requestId = demoOrganizationRequestId(details);
  const commandId = idFrom("demo-seed", "organization-request", requestId);
  const result = await handleCommand(deps, organizationRequestDecider, organizationRequestStream(requestId), {
    type: "SubmitOrganizationRequest",
    data: { requestId, input: details, nameTaken: false },
    metadata: { commandId, organizationId: null, actorId: null, correlationId: commandId },
  });
  if (!result.ok) throw new Error(`seeding the organization request ${details.name}: ${result.error.message}`);
  return requestId;
}

/**
 * Seeds the two requests; the granted one is approved by `granterId` (granter@northside.demo) the way the
 * approval does it (its organization, default groups and Invited organization account; no mail is sent).
 */
export async function seedDemoOrganizationRequests(deps: Deps, granterId: string): Promise<void> {
  await submit(deps, DEMO_PENDING_ORGANIZATION_REQUEST);
  const requestId = await submit(deps, DEMO_GRANTED_ORGANIZATION_REQUEST);
  await carryOutApproval(deps, { requestId, details: DEMO_GRANTED_ORGANIZATION_REQUEST, actor: { userId: granterId, level: LEVEL.granter } });
  const { organizationId, accountUserId } = approvalIdsOf(requestId);
  const commandId = idFrom("organization-request", requestId, "approved");
  const approved = await handleCommand(deps, organizationRequestDecider, organizationRequestStream(requestId), {
    type: "ApproveOrganizationRequest",
    data: { requestId, organizationId, accountUserId, nameTaken: false },
    metadata: { commandId, organizationId: null, actorId: granterId, correlationId: commandId },
  });
  if (!approved.ok) throw new Error(`seeding the approval of ${DEMO_GRANTED_ORGANIZATION_REQUEST.name}: ${approved.error.message}`);
}
