/** Browser-safe face of surveys: the schemas, the element types, the limits. */
export * from "./schema";
export * from "./limits";
export { QUESTION_TYPES, ELEMENT_TYPES, SURVEY_STATUSES, isQuestion, questionsOf, type QuestionType, type ElementType, type SurveyStatus, type SurveyPage, type SurveyElement, type SurveyQuestion, type SurveySection, type SurveyOption, type AnswerValue } from "./events";
