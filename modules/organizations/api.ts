import { z } from "zod";
import { ADMIN_ONLY, apiRow, signedIn, type ApiRow } from "../identity";
import { organizationSettingsOf, updateOrganizationSettingsOf } from "./service";
import { organizationRequestsApi } from "./requests/api";

/** GET /api/setting/organization's answer (decision 081): the settings as stored, and the colour the pages use. */
const ORGANIZATION_SETTINGS = z.looseObject({ id: z.string(), name: z.string(), type: z.string(), time_zone: z.string(), features: z.looseObject({}), main_color: z.string() });

/** The organization settings calls (spec-1 section 3), rows of the one /api table. */
export const organizationsApi: readonly ApiRow[] = [
  apiRow({
    id: "organization-settings-read",
    method: "GET",
    path: "/api/setting/organization",
    description: "Organization information.",
    rule: { auth: "required", kioskAllowed: true },
    answers: { description: "{ id, ...settings, main_color }; the report's secret blank below admin level", schema: ORGANIZATION_SETTINGS },
    handle: (ctx) => organizationSettingsOf(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "organization-settings-update",
    method: "PUT",
    path: "/api/setting/organization",
    description: "Change organization settings.",
    rule: ADMIN_ONLY,
    answers: { description: "{ message }" },
    // the settings command validates the body (its schema's first problem is the 400's message)
    handle: (ctx) => updateOrganizationSettingsOf(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  ...organizationRequestsApi,
];
