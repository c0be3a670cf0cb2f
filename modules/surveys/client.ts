/** Browser-safe face of surveys: the schemas, the element types, the limits. */
export * from "./schema";
export * from "./limits";
export { QUESTION_TYPES, ELEMENT_TYPES, SURVEY_STATUSES, isQuestion, isLikert, likertQuestions, questionsOf, questionsOfPage, type QuestionType, type ElementType, type SurveyStatus, type SurveyPage, type SurveyElement, type SurveyQuestion, type SurveySection, type SurveyOption, type SurveyLikert, type SurveyLikertRow, type SurveyCondition, type AnswerValue } from "./events";
