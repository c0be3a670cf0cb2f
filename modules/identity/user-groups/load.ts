import type { EventStore } from "../../kernel";
import { userGroupDecider } from "./decide";
import { userGroupStream, type UserGroupEvent } from "./events";

/** A user group's organization and level, from its stream; null when there is none (or it was deleted). */
export async function loadUserGroup(store: EventStore, userGroupId: string): Promise<{ organizationId: string; level: number } | null> {
  const { events } = await store.readStream<UserGroupEvent>(userGroupStream(userGroupId));
  const state = events.reduce(userGroupDecider.evolve, userGroupDecider.initialState());
  return state.status === "active" ? { organizationId: state.organizationId, level: state.level } : null;
}
