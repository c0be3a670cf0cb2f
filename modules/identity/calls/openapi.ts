import { z } from "zod";
import { LEVEL, type AccessRule, type LevelRule } from "../access/types";
import type { ApiRoute } from "../access/route-types";
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
  properties: { code: { type: "string" }, message: { type: "string" } },
} as const;

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** A zod schema as JSON Schema (what input it takes); one zod cannot express is said in words. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
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

function operation(row: ApiRow | ApiRoute) {
  const full = row as ApiRow;
  const rule = ruleInWords(row.rule);
  const answers = full.answers;
  const okStatus = String(answers?.status ?? 200);
  return {
    operationId: row.id,
    summary: row.description,
    description: `Access: ${rule}.`,
    "x-access": rule,
    parameters: [
      ...pathParams(row.path).map((p) => ({ name: p.name, in: "path", required: true, schema: { type: "string" }, ...(p.optional ? { description: "may be left out" } : {}) })),
      ...queryParameters(full.query),
    ],
    ...(full.body
      ? { requestBody: { required: false, content: { "application/json": { schema: jsonSchemaOf(full.body) } } } }
      : row.maxBodyBytes === "streamed"
        ? { requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } }
        : {}),
    responses: {
      [okStatus]: { description: answers?.description ?? "Done", content: { [answers?.contentType ?? "application/json"]: { schema: {} } } },
      "400": errorAnswer("Bad input: the first problem, in words"),
      ...(row.rule.auth === "required" ? { "401": errorAnswer("Not signed in") } : {}),
      "403": errorAnswer("A missing permission, or a state-changing call without its CSRF token"),
      "404": errorAnswer("Not found, or another organization's"),
      ...(row.method === "GET" ? {} : { "413": errorAnswer("The body is too large"), "415": errorAnswer("The body is not JSON") }),
    },
  };
}

/** The OpenAPI 3.1 document of the table: one operation per row, nothing else. */
export function openApiDocument(rows: readonly (ApiRow | ApiRoute)[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const path = openApiPath(row.path);
    (paths[path] ??= {})[row.method.toLowerCase()] = operation(row);
  }
  return {
    openapi: "3.1.0",
    info: { ...info, description: "Every call of the Rollcall /api table. Errors answer { code, message }. State-changing calls from a browser session send the CSRF token (GET /api/auth/csrf) in the X-CSRF-Token header." },
    paths,
    components: { schemas: { Error: ERROR_SCHEMA } },
  };
}
