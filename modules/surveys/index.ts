/** Surveys (decision 074): the builder's calls, answering page by page, the report. */
export * from "./events";
export * from "./rules";
export * from "./numeric";
export * from "./schema";
export { pageAnswersFromForm } from "./page-form";
export { surveyDecider, responseDecider, decideSurvey, decideResponse, evolveSurvey, evolveResponse, surveyNotFound, type SurveyCommand, type SurveyState, type ResponseCommand, type ResponseState, type SurveyFacts, type MemberFacts, type PairFacts } from "./decide";
// last: the service and the rows reach projections, which import the events back
export * from "./service";
export * from "./evaluation";
export { surveysApi } from "./api";
