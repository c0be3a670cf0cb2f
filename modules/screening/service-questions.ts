import type { Auth, Services } from "../identity";
import { waitForProjection } from "../../projections/runner";
import { screeningQuestions } from "../../projections/screening";
import type { QuestionsBody } from "./commands";
import { setScreeningQuestions } from "./handlers";
import { screeningActorOf, screeningMetadataOf } from "./service-daily";

export const SCREENING_TOASTS = { questions: "Screening questions successfully updated" } as const;

/** GET /api/note/screening/questions: the organization's questions, RADIO and RICHTEXT only. */
export async function questionsList(services: Services, auth: Auth) {
  const data = (await screeningQuestions(services.db, auth.organization.id)).filter((q) => q.type === "RADIO" || q.type === "RICHTEXT");
  return { data, count: data.length };
}

/** PUT /api/note/screening/questions `{ questions }`: an admin replaces the organization's questions. */
export async function replaceQuestions(services: Services, auth: Auth, { questions }: QuestionsBody, request: Request) {
  const result = await setScreeningQuestions(
    { store: services.store, clock: services.clock },
    { type: "SetScreeningQuestions", data: { questions, actor: screeningActorOf(auth) }, metadata: screeningMetadataOf(auth, request) },
  );
  if (!result.ok) throw result.error;
  await waitForProjection(services, "screening", { atLeast: Math.max(0, ...result.events.map((e) => e.position)) });
  return { message: SCREENING_TOASTS.questions, data: result.state.questions };
}
