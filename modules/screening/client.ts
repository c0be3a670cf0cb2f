/**
 * The screening module's browser-safe face: the question type and the form's rules and texts (the
 * server decides by the same ones). Pure: no node, database or kernel-db imports.
 */
export type { ScreeningQuestion } from "./events";
export { SCREENING_TEXT, answeredCount, formProblem, radioQuestions, type FormAnswer, type FormParticipant } from "./form";
