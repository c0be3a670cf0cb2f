import { useLiveTopic as useTopic } from "../use-live-topic";

/**
 * Follows one organization topic of points or the store (decision 075: `leaderboard`, `store`) and calls `onChange`
 * shortly after a change (and after a reconnection, which may have missed one).
 */
export function useLiveTopic(organizationId: string | null, topic: "leaderboard" | "store", onChange: () => void) {
  useTopic(organizationId ? { organizationId, topic } : null, topic === "store" ? "store:changed" : "points:changed", onChange);
}
