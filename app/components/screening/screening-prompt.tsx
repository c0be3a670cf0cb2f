import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { fetchDailyState, fetchUserScreening } from "./screening-api";
import { choosePrompt, type Prompt } from "./prompt-logic";
import { ScreeningFlow } from "./screening-flow";

const followUpShownKey = (session: string, date: string) => `rollcall-screening-follow-up-${session}-${date}`;

/**
 * Runs the prompt once after a page of the signed-in shell loads: the user's participants (themselves,
 * or their children) from GET /api/note/daily/screening, then POST /api/note/user/daily/screening, then
 * `choosePrompt`. The follow-up shows once per sign-in and day (a logout starts a new sign-in).
 */
export function ScreeningPrompt({ self, session }: { self: boolean; session: string }) {
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [date, setDate] = useState("");
  // a page that shows the screening's state (the parents' home) reloads its data after a fill or a decline
  const { revalidate } = useRevalidator();

  useEffect(() => {
    let live = true;
    (async () => {
      const daily = await fetchDailyState();
      if (!daily.is_daily_screening_form || daily.users.length === 0) return;
      const state = await fetchUserScreening(daily.users.map((u) => u.user_id));
      const chosen = choosePrompt(state);
      if (!live || !chosen) return;
      if (chosen.start === "followUp" && sessionStorage.getItem(followUpShownKey(session, state.date))) return;
      setDate(state.date);
      setPrompt(chosen);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session]);

  if (!prompt) return null;
  return (
    <ScreeningFlow
      people={prompt.people}
      start={prompt.start}
      self={self}
      onClose={(outcome) => {
        if (prompt.start === "followUp") sessionStorage.setItem(followUpShownKey(session, date), "1");
        setPrompt(null);
        if (outcome !== "closed") revalidate();
      }}
    />
  );
}
