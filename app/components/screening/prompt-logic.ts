import type { Person } from "./screening-flow";

export type Prompt = { start: "intro" | "followUp"; people: Person[] } | null;

/**
 * The prompt logic of spec-2 section 4, from POST /api/note/user/daily/screening's answer. Several
 * users: any showing screening opens the intro for those; if none does and any is flagged, the follow-up
 * dialog. One user: the intro if screening applies, else the follow-up if flagged. Nothing when the
 * organization does not request the screening.
 */
export function choosePrompt(state: { users: { user_id: string; name: string; showScreening: boolean; isFlagged: boolean }[]; isScreeningRequested: boolean }): Prompt {
  if (!state.isScreeningRequested || state.users.length === 0) return null;
  const show = state.users.filter((u) => u.showScreening);
  const flagged = state.users.filter((u) => u.isFlagged);
  const people = (list: typeof state.users) => list.map((u) => ({ id: u.user_id, name: u.name }));
  if (show.length > 0) return { start: "intro", people: people(show) };
  if (flagged.length > 0) return { start: "followUp", people: people(flagged) };
  return null;
}

