import { appointmentsApi } from "../modules/appointments";
import { auditApi } from "../modules/audit";
import { checkInApi } from "../modules/check-in";
import { uploadsApi } from "../modules/uploads";
import { exportsApi } from "../modules/exports";
import { participantsApi } from "../modules/participants";
import { flagsApi } from "../modules/flags";
import { notesApi } from "../modules/notes";
import { screeningApi } from "../modules/screening";
import { ApiTable, identityApi, type ApiRow } from "../modules/identity";
import { organizationsApi } from "../modules/organizations";
import { attendanceApi, programReportsApi, programsApi } from "../modules/programs";
import { registrationApi } from "../modules/registration";
import { familyApi } from "../modules/family";
import { requestsApi } from "../modules/requests";
import { announcementsApi, communicationsApi } from "../modules/communications";
import { surveysApi } from "../modules/surveys";
import { pointsApi } from "../modules/points";
import { reportsApi } from "../modules/reports";
import { integrationsApi } from "../modules/integrations";
import { resourcesApi } from "../modules/resources";
import { challengesApi } from "../modules/challenges";
import { waiversApi } from "../modules/waivers";
import { apiDocsRows, DOCS_NODE } from "./api-docs/rows";

/**
 * The nodes of the one /api table (decision 035): every context's rows (`modules/<ctx>/api.ts`, through
 * its index), by context; the OpenAPI document lists each row under its node.
 */
const NODES: Readonly<Record<string, readonly ApiRow[]>> = {
  identity: identityApi,
  organizations: organizationsApi,
  "check-in": checkInApi,
  participants: participantsApi,
  flags: flagsApi,
  notes: notesApi,
  screening: screeningApi,
  uploads: uploadsApi,
  exports: exportsApi,
  audit: auditApi,
  programs: [...programsApi, ...attendanceApi, ...programReportsApi],
  appointments: appointmentsApi,
  registration: registrationApi,
  family: familyApi,
  requests: requestsApi,
  communications: [...communicationsApi, ...announcementsApi],
  surveys: surveysApi,
  points: pointsApi,
  challenges: challengesApi,
  integrations: integrationsApi,
  reports: reportsApi,
  resources: resourcesApi,
  waivers: waiversApi,
};

const NODE_OF = new Map<string, string>(Object.entries(NODES).flatMap(([node, rows]) => rows.map((row) => [row.id, node] as const)));

/** The node (context) a row of the table comes from. */
export const nodeOfRow = (row: Pick<ApiRow, "id">): string | undefined => NODE_OF.get(row.id) ?? (DOC_ROWS.some((r) => r.id === row.id) ? DOCS_NODE : undefined);

/**
 * This table's own documents (runtime/api-docs): the OpenAPI and AsyncAPI documents and /api/docs.
 * The dispatcher, the access guard, CSRF, body limits and the OpenAPI document all read these rows;
 * removing a row removes the call.
 */
const DOC_ROWS: readonly ApiRow[] = apiDocsRows(() => ({ rows: API_TABLE.rows, nodeOf: nodeOfRow }));

export const API_TABLE = new ApiTable<ApiRow>([...Object.values(NODES).flat(), ...DOC_ROWS]);
