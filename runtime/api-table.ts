import { appointmentsApi } from "../modules/appointments";
import { auditApi } from "../modules/audit";
import { checkInApi } from "../modules/check-in";
import { uploadsApi } from "../modules/uploads";
import { exportsApi } from "../modules/exports";
import { participantsApi } from "../modules/participants";
import { flagsApi } from "../modules/flags";
import { notesApi } from "../modules/notes";
import { screeningApi } from "../modules/screening";
import { ApiTable, identityApi, openApiDocument, type ApiRow } from "../modules/identity";
import { organizationsApi } from "../modules/organizations";
import { attendanceApi, programReportsApi, programsApi } from "../modules/programs";
import { registrationApi } from "../modules/registration";
import { familyApi } from "../modules/family";
import { requestsApi } from "../modules/requests";
import { communicationsApi } from "../modules/communications";
import { surveysApi } from "../modules/surveys";
import { integrationsApi } from "../modules/integrations";

/**
 * The one /api table (decision 035): every context's rows (`modules/<ctx>/api.ts`, through its index),
 * and this table's own document. The dispatcher, the access guard, CSRF, body limits and the OpenAPI
 * document all read these rows; removing a row removes the call.
 */
const CONTEXT_ROWS: readonly ApiRow[] = [...identityApi, ...organizationsApi, ...checkInApi, ...participantsApi, ...flagsApi, ...notesApi, ...screeningApi, ...uploadsApi, ...exportsApi, ...auditApi, ...programsApi, ...attendanceApi, ...programReportsApi, ...appointmentsApi, ...registrationApi, ...familyApi, ...requestsApi, ...communicationsApi, ...surveysApi, ...integrationsApi];

const openApiRow: ApiRow = {
  id: "openapi",
  method: "GET",
  path: "/api/openapi.json",
  description: "This document: every call of the /api table, its access rule in words, its input and its answers.",
  rule: { auth: "optional", kioskAllowed: true },
  answers: { description: "The OpenAPI 3.1 document" },
  handle: () => (document ??= openApiDocument(API_TABLE.rows, { title: "Rollcall API", version: "1" })),
};

let document: ReturnType<typeof openApiDocument> | undefined;

export const API_TABLE = new ApiTable<ApiRow>([...CONTEXT_ROWS, openApiRow]);
