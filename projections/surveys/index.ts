export { surveysProjection } from "./projection";
export * from "./queries";
export type { SurveyTables } from "./tables";
export * as surveysMigration from "./migration";
