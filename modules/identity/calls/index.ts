export { apiRow, signedIn, commandIdOf, commandMetadataOf, type ApiRow, type ApiContext, type HeaderSource } from "./row";
export { ApiTable, bodyLimitOfRow, type ApiMatch } from "./table";
export { openApiDocument, ruleInWords, SECURITY_SCHEMES } from "./openapi";
export * as answerSchemas from "./answers";
export { authOf, authOfUser, fieldRoleOfAuth, type Auth, type AuthUser, type AuthOrganization } from "./auth";
export type { Services } from "./services";
