import { checkInApi } from "../modules/check-in";
import { API_ROUTES, ApiTable, identityApi, openApiDocument, type ApiRoute, type ApiRow } from "../modules/identity";
import { organizationsApi } from "../modules/organizations";

/**
 * The one /api table (decision 035): every context's rows (`modules/<ctx>/api.ts`, through its index),
 * and this table's own document. The dispatcher, the access guard, CSRF, body limits and the OpenAPI
 * document all read these rows; removing a row removes the call.
 *
 * `API_ROUTES` (modules/identity/access/routes-api*.ts) holds the calls still answered by a Remix route
 * module under app/routes/api.*, until their context declares them here with a handler.
 */
const CONTEXT_ROWS: readonly ApiRow[] = [...identityApi, ...organizationsApi, ...checkInApi];

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

export const API_TABLE = new ApiTable<ApiRow | ApiRoute>([...(API_ROUTES as readonly ApiRoute[]), ...CONTEXT_ROWS, openApiRow]);

/** Whether a row is answered by its handler here (else by its Remix route module, until it moves). */
export const hasHandler = (row: ApiRow | ApiRoute): row is ApiRow => typeof (row as ApiRow).handle === "function";
