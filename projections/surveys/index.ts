export { surveysProjection } from "./projection";
export * from "./queries";
export type { SurveyTables } from "./tables";
export * as surveysMigration from "./migration";
export * as surveyEvaluationMigration from "./evaluation-migration";
export * as surveyBuilderMigration from "./builder-migration";
export * as surveyParentsMigration from "./parents-migration";
export * from "./evaluation-queries";
