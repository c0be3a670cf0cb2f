import type { GuardianEvent } from "./guardian-events";

/** A child's guardians as its `guardians-` stream says (decision 064): guardian id to linked (true) or unlinked (false), the latest fact winning. */
export type GuardianState = Map<string, boolean>;

export const initialGuardianState = (): GuardianState => new Map();

export function evolveGuardians(state: GuardianState, event: GuardianEvent): GuardianState {
  const next = new Map(state);
  next.set(event.data.guardianId, event.type === "GuardianLinked");
  return next;
}

/**
 * Is `guardianId` a guardian of the child: the latest link fact on the stream says so; with none, the
 * parent the participant was registered with (their `parentId`: decision 052's self-registration, the seed) is one.
 */
export function isGuardian(state: GuardianState, registeredParentId: string | null, guardianId: string): boolean {
  return state.get(guardianId) ?? registeredParentId === guardianId;
}

/** The child's guardians, the registered parent first while still linked, then the others in the order linked. */
export function guardianIdsOf(state: GuardianState, registeredParentId: string | null): string[] {
  const ids = new Set<string>();
  if (registeredParentId && isGuardian(state, registeredParentId, registeredParentId)) ids.add(registeredParentId);
  for (const [id, linked] of state) if (linked) ids.add(id);
  return [...ids];
}
