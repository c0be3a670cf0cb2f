import { z } from "zod";
import { LEVEL, type AccessRule, type LevelRule } from "../access/types";
import type { ApiRoute } from "../access/route-types";
import { SESSION_COOKIE } from "../sessions/cookies";
import type { ApiRow } from "./row";

const LEVEL_NAMES = Object.fromEntries(Object.entries(LEVEL).map(([name, level]) => [level, name])) as Record<number, string>;

const levelsInWords = (rule: LevelRule): string[] => [
  ...(rule.equal ?? []).map((l) => `level ${LEVEL_NAMES[l]}`),
  ...(rule.up ?? []).map((l) => `${LEVEL_NAMES[l]} and above`),
  ...(rule.down ?? []).map((l) => `${LEVEL_NAMES[l]} and below`),
];

/** A row's access rule in words, for people reading the document. */
export function ruleInWords(rule: AccessRule): string {
  const parts = [rule.auth === "required" ? "Signed in" : rule.auth === "optional" ? "Signed in or not" : "Public"];
  if (rule.level) parts.push(levelsInWords(rule.level).join(" or "));
  if (rule.anyPermission?.length) parts.push(`any of ${rule.anyPermission.join(", ")}`);
  if (rule.allPermissions?.length) parts.push(`all of ${rule.allPermissions.join(", ")}`);
  if (rule.features?.length) parts.push(`features on: ${rule.features.join(", ")}`);
  if (rule.organizationTypes?.length) parts.push(`organizations of type ${rule.organizationTypes.join(" or ")}`);
  if (rule.exclusiveOrganizationTypes?.length) parts.push(`not for organizations of type ${rule.exclusiveOrganizationTypes.join(" or ")}`);
  parts.push(rule.kioskAllowed ? "the kiosk too" : "not the kiosk");
  return parts.join("; ");
}

const ERROR_SCHEMA = {
  type: "object",
  required: ["code", "message"],
  properties: { code: { type: "string", description: "A stable code: VALIDATION, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ..." }, message: { type: "string", description: "What went wrong, in words" } },
} as const;

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** How a caller proves who they are (decision 081): the session cookie of a browser, or an organization's API key. */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie set by POST /api/auth/login. A state-changing call (POST, PUT, PATCH, DELETE) also sends the CSRF token of GET /api/auth/csrf in the X-CSRF-Token header.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    description: "Authorization: Bearer <api key>: an organization's API key, with a subset of its creator's permissions; no CSRF token. Refused keys (expired, revoked) answer 401.",
  },
} as const;

/** A zod schema as JSON Schema (of its input, or of what it answers); one zod cannot express is said in words. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
    return json;
  } catch {
    return { description: "Validated on the server; see the call's description." };
  }
}

/** `/api/check-in/:id` as OpenAPI writes it: `/api/check-in/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z][A-Za-z0-9_]*)\??/g, "{$1}");
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)(\?)?/g)].map((m) => ({ name: m[1]!, optional: Boolean(m[2]) }));

type ObjectShape = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema) as ObjectShape & { anyOf?: ObjectShape[]; oneOf?: ObjectShape[] };
  // a union of query shapes (GET /api/check-in?type=…) lists every parameter any shape takes: required
  // where every shape requires it, and a discriminator's constants as one enum
  const shapes = json.properties ? [json] : [...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  const seen = new Map<string, Record<string, unknown>>();
  for (const shape of shapes) {
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      const before = seen.get(name);
      if (before && "const" in before && "const" in property) {
        seen.set(name, { type: "string", enum: [before.const, property.const] });
      } else if (before && Array.isArray(before.enum) && "const" in property) {
        seen.set(name, { ...before, enum: [...(before.enum as unknown[]), property.const] });
      } else if (!before) seen.set(name, property);
    }
  }
  const required = (name: string) => shapes.length > 0 && shapes.every((shape) => shape.required?.includes(name));
  return [...seen].map(([name, property]) => ({ name, in: "query", required: required(name), schema: property }));
}

/** Who may call, as OpenAPI's security requirements: anyone (none), either way in or none (optional), either way in (required). */
function securityOf(rule: AccessRule) {
  if (rule.auth === "none") return [];
  const ways = [{ session: [] }, { apiKey: [] }];
  return rule.auth === "optional" ? [{}, ...ways] : ways;
}

/** What a success answers: the row's declared schema, a file, or (not yet declared) any JSON value. */
function successAnswer(row: ApiRow | ApiRoute) {
  const answers = (row as ApiRow).answers;
  const contentType = answers?.contentType ?? "application/json";
  const json = /json/.test(contentType);
  const schema = answers?.schema ? jsonSchemaOf(answers.schema, "output") : json ? {} : { type: "string", format: "binary" };
  return { description: answers?.description ?? "Done", content: { [contentType]: { schema } } };
}

/** The `{ code, message }` answers a row may give, from its rule, its input and its method (decision 081). */
function errorAnswers(row: ApiRow | ApiRoute) {
  const writes = row.method !== "GET";
  const rateLimited = row.id === "auth-login" || /\b429\b/.test(row.description);
  return {
    // any call may be sent a query, parameters or a body it refuses
    "400": errorAnswer("Bad input: the first problem, in words (code VALIDATION or the call's own)"),
    ...(row.rule.auth === "required" ? { "401": errorAnswer("Not signed in, or an API key that is unknown, expired or revoked") } : {}),
    ...(row.rule.auth === "required" || writes ? { "403": errorAnswer("A missing permission, or a state-changing call from a session without its CSRF token") } : {}),
    ...(row.rule.auth !== "none" ? { "404": errorAnswer("Not found, or another organization's") } : {}),
    ...(writes ? { "409": errorAnswer("In conflict with the current state (already done, taken, or changed meanwhile)") } : {}),
    ...(writes ? { "413": errorAnswer("The body is too large"), "415": errorAnswer("The body is not JSON (or, where the call takes them, form fields)") } : {}),
    ...(rateLimited ? { "429": errorAnswer("Too many attempts: wait the Retry-After header's seconds") } : {}),
  };
}

/** A body's media types: JSON, and the same fields as a form where the row takes one. */
function bodyContent(body: z.ZodType, form: boolean) {
  const schema = jsonSchemaOf(body);
  return { "application/json": { schema }, ...(form ? { "application/x-www-form-urlencoded": { schema }, "multipart/form-data": { schema } } : {}) };
}

function operation(row: ApiRow | ApiRoute, tag: string | undefined) {
  const full = row as ApiRow;
  const rule = ruleInWords(row.rule);
  return {
    operationId: row.id,
    ...(tag ? { tags: [tag] } : {}),
    summary: row.description,
    description: `Access: ${rule}.`,
    "x-access": rule,
    ...(full.answers?.schema || !/json/.test(full.answers?.contentType ?? "application/json") ? {} : { "x-answer-declared": false }),
    security: securityOf(row.rule),
    parameters: [
      ...pathParams(row.path).map((p) => ({ name: p.name, in: "path", required: true, schema: { type: "string" }, ...(p.optional ? { description: "may be left out" } : {}) })),
      ...queryParameters(full.query),
    ],
    ...(full.body
      ? { requestBody: { required: false, content: bodyContent(full.body, full.formBody === true) } }
      : row.maxBodyBytes === "streamed"
        ? { requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } }
        : {}),
    responses: { [String(full.answers?.status ?? 200)]: successAnswer(row), ...errorAnswers(row) },
  };
}

export type OpenApiInfo = { title: string; version: string; description?: string };

/**
 * The OpenAPI 3.1 document of the table: one operation per row, nothing else. `tagOf` names the
 * context (node of the table) a row comes from.
 */
export function openApiDocument(rows: readonly (ApiRow | ApiRoute)[], info: OpenApiInfo, tagOf: (row: ApiRow | ApiRoute) => string | undefined = () => undefined) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const row of rows) {
    const tag = tagOf(row);
    if (tag) tags.add(tag);
    (paths[openApiPath(row.path)] ??= {})[row.method.toLowerCase()] = operation(row, tag);
  }
  return {
    openapi: "3.1.0",
    info: {
      ...info,
      description:
        info.description ??
        "Every call of the Rollcall /api table. Errors answer { code, message }. State-changing calls from a browser session send the CSRF token (GET /api/auth/csrf) in the X-CSRF-Token header.",
    },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: { schemas: { Error: ERROR_SCHEMA }, securitySchemes: SECURITY_SCHEMES },
  };
}
