import { DomainError, validationError, type Decider } from "../kernel";
import { answersSchema, participantIdSchema, screeningQuestionsSchema, type DailyScreeningCommand, type ScreeningActor, type ScreeningFacts, type SetScreeningQuestions } from "./commands";
import type { DailyScreeningEvent, ScreeningAnswer, ScreeningQuestion, ScreeningQuestionsEvent } from "./events";
import { SCREENING_TEXT, isFailing, radioQuestions } from "./form";
import { LEVEL, isAdminOrAbove, isMemberLevel } from "../identity";

/** Levels (spec-1 section 6): coach, admin and organization fill on a person's behalf. */
const ON_BEHALF_LEVELS: readonly number[] = [LEVEL.coach, LEVEL.admin, LEVEL.organization];

export const screeningRefusals = {
  participantNotFound: () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404),
  screeningOff: () => new DomainError("SCREENING_OFF", "Daily screening is not on for this organization", 409),
  ownOnly: () => new DomainError("FORBIDDEN", "You may fill the screening only for yourself or your own children", 403),
  notOnBehalf: () => new DomainError("FORBIDDEN", "Only an admin, organization or coach may fill the screening on a person's behalf", 403),
  mandatory: () => new DomainError("VALIDATION", SCREENING_TEXT.mandatory, 400),
  unknownQuestion: (id: string) => new DomainError("VALIDATION", `Unknown question: ${id}`, 400),
  notAnOption: (answer: string, label: string) => new DomainError("VALIDATION", `'${answer}' is not an answer to '${label}'`, 400),
  alreadyFilled: (name: string) => new DomainError("SCREENING_ALREADY_FILLED", `Today's screening of ${name} is already filled`, 409),
  adminOnly: () => new DomainError("FORBIDDEN", "Only an admin may change the screening questions", 403),
};

/**
 * Who may fill a participant's screening (spec-1 section 6, spec-2 section 6): a participant for
 * themselves, a parent for their own children, and admin, organization and coach on a person's behalf.
 */
export function mayFillFor(actor: ScreeningActor, participant: NonNullable<ScreeningFacts["participant"]>): DomainError | { onBehalf: boolean } {
  if (isMemberLevel(actor.level)) {
    const own = participant.userId === actor.userId || participant.guardianIds.includes(actor.userId);
    return own ? { onBehalf: false } : screeningRefusals.ownOnly();
  }
  if (ON_BEHALF_LEVELS.includes(actor.level)) return { onBehalf: true };
  return screeningRefusals.notOnBehalf();
}

// ---- a participant's day: screening-{participantId}-{day} ----

export type DailyScreeningState = { status: "none" | "declined" | "filled"; failed: boolean; answers: ScreeningAnswer[]; flagId: string | null };

export const initialDailyState = (): DailyScreeningState => ({ status: "none", failed: false, answers: [], flagId: null });

export function evolveDaily(state: DailyScreeningState, event: DailyScreeningEvent): DailyScreeningState {
  switch (event.type) {
    case "DailyScreeningFilled":
      return { status: "filled", failed: event.data.failed, answers: event.data.answers, flagId: event.data.flagId };
    case "DailyScreeningDeclined":
      return state.status === "filled" ? state : { ...state, status: "declined" };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Every RADIO question answered with one of its options, in the questions' order; or the refusal. */
export function checkAnswers(questions: readonly ScreeningQuestion[], given: unknown): ScreeningAnswer[] | DomainError {
  const parsed = answersSchema.safeParse(given ?? []);
  if (!parsed.success) return validationError(parsed.error);
  const radios = radioQuestions(questions);
  for (const a of parsed.data) {
    if (!radios.some((q) => q.id === a.question_id)) return screeningRefusals.unknownQuestion(a.question_id);
  }
  const answers: ScreeningAnswer[] = [];
  for (const q of radios) {
    const given = parsed.data.filter((a) => a.question_id === q.id).at(-1);
    if (!given || !given.answer) return screeningRefusals.mandatory();
    if (!q.options.includes(given.answer)) return screeningRefusals.notAnOption(given.answer, q.label);
    answers.push({ question_id: q.id, label: q.label, answer: given.answer });
  }
  return answers;
}

/**
 * Pure. Order: a participant id (400), the participant in the actor's organization (404), screening on
 * (409), who may fill (403), then for a fill the answers (400) and a day not filled yet (409). A
 * decline records only who declined; declining a day already declined or filled appends nothing.
 */
export function decideDaily(state: DailyScreeningState, command: DailyScreeningCommand, _now: Date): DailyScreeningEvent[] | DomainError {
  const id = participantIdSchema.safeParse(command.data.participantId);
  if (!id.success) return validationError(id.error);
  const { facts } = command.data;
  const p = facts.participant;
  const organizationId = command.metadata.organizationId;
  if (!p || organizationId === null || p.organizationId !== organizationId || p.participantId !== id.data) return screeningRefusals.participantNotFound();
  if (!facts.screeningOn) return screeningRefusals.screeningOff();
  const allowed = mayFillFor(facts.actor, p);
  if (allowed instanceof DomainError) return allowed;
  const day = command.data.day;
  switch (command.type) {
    case "FillScreening": {
      const answers = checkAnswers(facts.questions, command.data.answers);
      if (answers instanceof DomainError) return answers;
      if (state.status === "filled") return screeningRefusals.alreadyFilled(p.name);
      const failed = isFailing(answers);
      return [
        {
          type: "DailyScreeningFilled",
          data: { participantId: p.participantId, organizationId, day, answers, isFilled: true, failed, flagId: failed ? command.data.flagId : null, filledBy: command.metadata.actorId, onBehalf: allowed.onBehalf },
        },
      ];
    }
    case "DeclineScreening":
      if (state.status !== "none") return [];
      return [{ type: "DailyScreeningDeclined", data: { participantId: p.participantId, organizationId, day, declinedBy: command.metadata.actorId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const dailyScreeningDecider: Decider<DailyScreeningState, DailyScreeningCommand, DailyScreeningEvent> = {
  initialState: initialDailyState,
  evolve: evolveDaily,
  decide: decideDaily,
};

// ---- the organization's questions: screening-questions-{organizationId} ----

export type QuestionsState = { questions: ScreeningQuestion[] | null };

const sameQuestions = (a: readonly ScreeningQuestion[] | null, b: readonly ScreeningQuestion[]) => JSON.stringify(a) === JSON.stringify(b);

export const questionsDecider: Decider<QuestionsState, SetScreeningQuestions, ScreeningQuestionsEvent> = {
  initialState: () => ({ questions: null }),
  evolve: (_state, event) => ({ questions: event.data.questions }),
  decide(state, command) {
    if (!isAdminOrAbove(command.data.actor.level)) return screeningRefusals.adminOnly();
    const organizationId = command.metadata.organizationId;
    if (organizationId === null) return screeningRefusals.adminOnly();
    const parsed = screeningQuestionsSchema.safeParse(command.data.questions);
    if (!parsed.success) return validationError(parsed.error);
    if (sameQuestions(state.questions, parsed.data)) return [];
    return [{ type: "ScreeningQuestionsSet", data: { organizationId, questions: parsed.data } }];
  },
};
