import { guardianDecider, guardiansStream, type GuardianCommand } from "../../modules/family";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { loadParticipant } from "../../modules/participants";
import { demoFamilyChildIds } from "./family";
import { createUser } from "./identity";

type Deps = { store: EventStore; clock: Clock };

/** The demo second guardian (decision 064): co-parent of the demo family's first child. */
export const DEMO_CO_PARENT_USERNAME = (domain: string) => `coparent@${domain}`;
/** A demo parent with no child linked yet (the Parents list's 'No children'). */
export const DEMO_NEW_PARENT_USERNAME = (domain: string) => `newparent@${domain}`;

/**
 * The guardians' demo data (decision 064), after the demo family: the family's first child gets a second
 * guardian (coparent@<domain>, 'Father'), so one child has two guardians and the family's parent two
 * children; newparent@<domain> has none. Every id derives from the organization: seeding twice writes once.
 */
export async function seedDemoGuardians(deps: Deps, org: { id: string; domain: string }, { parentGroupId, password }: { parentGroupId: string; password: string }) {
  const [firstId] = demoFamilyChildIds(org.id) as [string];
  const child = await loadParticipant(deps.store, firstId);
  if (!child) throw new Error(`seeding the guardians: participant ${firstId} is missing`);
  const coParentId = await createUser(deps, { organizationId: org.id, username: DEMO_CO_PARENT_USERNAME(org.domain), firstName: "Omar", lastName: child.lastName, userGroupId: parentGroupId, password });
  await createUser(deps, { organizationId: org.id, username: DEMO_NEW_PARENT_USERNAME(org.domain), firstName: "Noor", lastName: "Haddad", userGroupId: parentGroupId, password });
  const commandId = idFrom("seed-guardian-link", firstId, coParentId);
  const command: GuardianCommand = {
    type: "LinkGuardian",
    data: {
      organizationId: org.id,
      child: { participantId: firstId, organizationId: child.organizationId, fullName: `${child.firstName} ${child.lastName}`, registeredParentId: child.parentId },
      guardian: { userId: coParentId, organizationId: org.id, fullName: `Omar ${child.lastName}`, isParent: true },
      relationship: "Father",
    },
    metadata: { commandId, organizationId: org.id, actorId: null, correlationId: commandId },
  };
  const result = await handleCommand(deps, guardianDecider, guardiansStream(firstId), command);
  if (!result.ok) throw new Error(`seeding the second guardian of ${child.firstName}: ${result.error.message}`);
  return coParentId;
}
