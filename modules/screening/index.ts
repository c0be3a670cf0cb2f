/** The screening module's public face: the organization's questions and each participant's daily screening. */
export {
  QUESTION_TYPES,
  FAILING_ANSWER,
  SCREENING_EVENT_TYPES,
  isScreeningEvent,
  screeningQuestionsStream,
  dailyScreeningStream,
  type QuestionType,
  type ScreeningQuestion,
  type ScreeningAnswer,
  type ScreeningEvent,
  type DailyScreeningEvent,
  type ScreeningQuestionsEvent,
  type DailyScreeningFilled,
  type DailyScreeningDeclined,
  type ScreeningQuestionsSet,
} from "./events";
export { DEFAULT_SCREENING_QUESTIONS } from "./questions";
export { SCREENING_TEXT, radioQuestions, answeredCount, isComplete, formProblem, isFailing, type FormAnswer, type FormParticipant } from "./form";
export {
  participantIdSchema as screeningParticipantIdSchema,
  screeningQuestionSchema,
  screeningQuestionsSchema,
  answerSchema,
  answersSchema,
  type ScreeningActor,
  type ScreeningFacts,
  type FillScreening,
  type DeclineScreening,
  type DailyScreeningCommand,
  type SetScreeningQuestions,
  questionsBody,
  dailyScreeningQuery,
  dailyScreeningBody,
  flagScreeningBody,
  userDailyScreeningBody,
  type QuestionsBody,
  type DailyScreeningQuery,
  type DailyScreeningBody,
  type FlagScreeningBody,
  type UserDailyScreeningBody,
} from "./commands";
export { dailyScreeningDecider, questionsDecider, mayFillFor, checkAnswers, screeningRefusals, type DailyScreeningState, type QuestionsState } from "./decide";
export {
  SCREENING_FLAG,
  screeningDay,
  loadQuestions,
  loadDailyScreening,
  loadScreeningFact,
  setScreeningQuestions,
  submitScreening,
  ensureScreeningFlag,
  type ScreeningDeps,
  type ScreeningRequest,
  type ScreeningOutcome,
} from "./handlers";
// last: the services and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { screeningPromptFor } from "./service-prompt";
export { dailyState, submitDaily, flagFailedScreening, usersDailyScreening } from "./service-daily";
export { SCREENING_TOASTS, questionsList, replaceQuestions } from "./service-questions";
export { screeningApi } from "./api";
