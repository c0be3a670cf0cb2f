/**
 * The screening module's browser-safe face: the form's texts and checks, the same the server applies.
 * Pure: app/components may import it (the rest of screening appends events).
 */
export { SCREENING_TEXT, answeredCount, formProblem, radioQuestions, type FormAnswer, type FormParticipant } from "./form";
export type { ScreeningQuestion } from "./events";
