import { DomainError, type Command, type Decider } from "../kernel";
import type { GuardianEvent } from "./guardian-events";
import { evolveGuardians, initialGuardianState, isGuardian, type GuardianState } from "./guardian-state";

/** What the handler read before deciding: the child (a participant) and the would-be guardian (a user). */
export type ChildFact = { participantId: string; organizationId: string; fullName: string; registeredParentId: string | null } | null;
export type GuardianFact = { userId: string; organizationId: string; fullName: string; isParent: boolean } | null;

export type GuardianCommand =
  | Command<"LinkGuardian", { organizationId: string; child: ChildFact; guardian: GuardianFact; relationship: string | null }>
  | Command<"UnlinkGuardian", { organizationId: string; child: ChildFact; guardian: GuardianFact }>;

export const parentNotFound = () => new DomainError("PARENT_NOT_FOUND", "Parent not found", 404);
export const childNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const notAParent = () => new DomainError("NOT_A_PARENT", "Only a user of a parent group can be a guardian", 400, { fieldErrors: { parent_id: ["Only a user of a parent group can be a guardian"] } });
export const ALREADY_LINKED = "This child is already linked to this parent";
export const alreadyLinked = () => new DomainError("ALREADY_LINKED", ALREADY_LINKED, 409, { fieldErrors: { participant_id: [ALREADY_LINKED] } });
export const linkNotFound = () => new DomainError("LINK_NOT_FOUND", "This child is not linked to this parent", 404);

/**
 * Linking and unlinking guardians (decision 064), pure. Another organization's child or parent, or none,
 * is 404; a guardian must be a user of a parent group of the child's organization (400); a second link
 * of the same pair is 409; unlinking a pair not linked is 404. Unlinking the last guardian is allowed
 * (the child then has none: staff link another; nothing else depends on one existing).
 */
export const guardianDecider: Decider<GuardianState, GuardianCommand, GuardianEvent> = {
  initialState: initialGuardianState,
  evolve: evolveGuardians,
  decide: (state, command) => {
    const { organizationId, child, guardian } = command.data;
    if (!child || child.organizationId !== organizationId) return childNotFound();
    if (!guardian || guardian.organizationId !== organizationId) return parentNotFound();
    switch (command.type) {
      case "LinkGuardian": {
        if (!guardian.isParent) return notAParent();
        if (isGuardian(state, child.registeredParentId, guardian.userId)) return alreadyLinked();
        const relationship = command.data.relationship?.trim().slice(0, 100) || null;
        return [{ type: "GuardianLinked", data: { participantId: child.participantId, guardianId: guardian.userId, organizationId, relationship } }];
      }
      case "UnlinkGuardian": {
        if (!isGuardian(state, child.registeredParentId, guardian.userId)) return linkNotFound();
        return [{ type: "GuardianUnlinked", data: { participantId: child.participantId, guardianId: guardian.userId, organizationId } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
