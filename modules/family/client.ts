/**
 * The family module's browser-safe face: a child's guardians as their stream says (decision 064), for the
 * screening and the waiver to check "is this my child" on the same facts. Pure: no kernel imports.
 */
export { guardiansStream, GUARDIAN_EVENT_TYPES, type GuardianEvent, type GuardianLinked, type GuardianUnlinked } from "./guardian-events";
export { evolveGuardians, guardianIdsOf, initialGuardianState, isGuardian, type GuardianState } from "./guardian-state";
export { linkChildSchema, parentListQuery, parentSchema, PARENT_TOASTS, type LinkChildInput, type ParentInput, type ParentListQuery } from "./parent-schema";
export { addChildSchema, CHILD_ADDED, DOB_IN_FUTURE, type AddChildInput } from "./add-child-schema";
