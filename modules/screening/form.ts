/**
 * The screening form's rules (spec-2 section 5), pure and free of server code so the browser's form
 * and the server's decider use the same ones.
 */
import type { ScreeningQuestion } from "./events";

export const SCREENING_TEXT = {
  mandatory: "All fields are mandatory",
  participantRequired: "Participant is required",
  selectOne: "Select at least one participant",
} as const;

export type FormAnswer = { question_id: string; answer: string };

/** A participant in the form (spec-2 section 3: id, name, isSelected, question_count, answers). */
export type FormParticipant = { id: string; name: string; isSelected: boolean; answers: FormAnswer[] };

/** The questions that need an answer: the RADIO ones. */
export const radioQuestions = (questions: readonly ScreeningQuestion[]) => questions.filter((q) => q.type === "RADIO");

/** How many RADIO questions have an answer that is one of their options. */
export function answeredCount(questions: readonly ScreeningQuestion[], answers: readonly FormAnswer[]): number {
  return radioQuestions(questions).filter((q) => answers.some((a) => a.question_id === q.id && q.options.includes(a.answer))).length;
}

/** Every RADIO question answered: the answer count equals the question count. */
export const isComplete = (questions: readonly ScreeningQuestion[], answers: readonly FormAnswer[]) =>
  answeredCount(questions, answers) === radioQuestions(questions).length;

/**
 * Whether Continue is enabled: each participant has a non-empty id and name, at least one is selected,
 * and every selected one has answered every RADIO question. Returns the first problem, or null.
 */
export function formProblem(questions: readonly ScreeningQuestion[], participants: readonly FormParticipant[]): string | null {
  if (participants.some((p) => !p.id.trim() || !p.name.trim())) return SCREENING_TEXT.participantRequired;
  const selected = participants.filter((p) => p.isSelected);
  if (selected.length === 0) return SCREENING_TEXT.selectOne;
  if (selected.some((p) => !isComplete(questions, p.answers))) return SCREENING_TEXT.mandatory;
  return null;
}

/** Any answer equal to the word 'YES' fails the screening (spec-2 section 9). */
export const isFailing = (answers: readonly { answer: string }[]) => answers.some((a) => a.answer === "YES");
