/** The family's face of the app: a parent's children (or a member themselves) as the home page shows them; a child's guardians (decision 064). */
export { familyHomeOf, familyWaiverLink, RECENT_VISITS, type FamilyHome, type MonthVisit } from "./service";
export { guardiansStream, GUARDIAN_EVENT_TYPES, type GuardianEvent, type GuardianLinked, type GuardianUnlinked } from "./guardian-events";
export { guardianDecider, ALREADY_LINKED, type GuardianCommand, type ChildFact, type GuardianFact } from "./guardian-decide";
export { evolveGuardians, guardianIdsOf, initialGuardianState, isGuardian, type GuardianState } from "./guardian-state";
export { createParentCall, guardiansOf, linkChildCall, mayExportParents, mayManageParents, parentOf, parentsOf, parentsPageOf, unlinkChildCall } from "./parents";
export * from "./parent-schema";
export { familyApi } from "./api";
export { addChildCall } from "./add-child";
export * from "./add-child-schema";
