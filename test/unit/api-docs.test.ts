import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Parser } from "@asyncapi/parser";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { ruleInWords, type ApiRow } from "../../modules/identity";
import { API_TABLE, nodeOfRow } from "../../runtime/api-table";
import { LIVE_ERROR_CODES } from "../../runtime/api-docs/asyncapi";
import { docsPolicy, docsPage, viewerFile } from "../../runtime/api-docs/docs-page";
import { LIVE_CHANNELS, liveChannelOf } from "../../runtime/api-docs/live-channels";
import { TOPIC_RULES } from "../../runtime/live-auth";

type Operation = {
  operationId: string;
  tags?: string[];
  "x-access": string;
  "x-answer-declared"?: false;
  security: Record<string, unknown>[];
  parameters: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

const documentOf = async <T>(id: string) => (await (API_TABLE.byId(id)!.handle as () => unknown)()) as T;
const openApi = () => documentOf<OpenApi>("openapi");
const operations = async () => new Map(Object.values((await openApi()).paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op] as const)));

// rows whose JSON answer has no declared schema yet (decision 081): this number may only go down
// 150 after session 11 merged the points and integrations nodes (a line per row to declare them)
const UNDECLARED_AT_MOST = 150;

describe("the OpenAPI document of the /api table (decision 081)", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(await openApi()) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("lists every row under its node, with its access rule in words, its input and the { code, message } errors", async () => {
    const ops = await operations();
    expect([...ops.keys()].sort()).toEqual(API_TABLE.rows.map((r) => r.id).sort());
    for (const row of API_TABLE.rows as readonly ApiRow[]) {
      const op = ops.get(row.id)!;
      expect(op.tags, row.id).toEqual([nodeOfRow(row)]);
      expect(op["x-access"]).toBe(ruleInWords(row.rule));
      for (const [, name] of row.path.matchAll(/:([A-Za-z]+)/g)) expect(op.parameters, row.id).toContainEqual(expect.objectContaining({ name, in: "path" }));
      if (row.query) expect(op.parameters.some((p) => p.in === "query"), row.id).toBe(true);
      expect(Boolean(op.requestBody), row.id).toBe(Boolean(row.body) || row.maxBodyBytes === "streamed");
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      for (const [, answer] of errors) expect(answer.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
      const statuses = errors.map(([status]) => status);
      if (row.rule.auth === "required") expect(statuses, row.id).toEqual(expect.arrayContaining(["401", "403"]));
      if (row.method !== "GET") expect(statuses, row.id).toEqual(expect.arrayContaining(["400", "409", "413"]));
      // the session cookie or an API key wherever a signed-in caller is needed
      expect(op.security.length === 0, row.id).toBe(row.rule.auth === "none");
    }
    expect(ops.get("auth-login")!.responses["429"]).toBeDefined();
  });

  it("declares the answer of at least one call of every node, and of no fewer calls than before", async () => {
    const ops = await operations();
    const declared = API_TABLE.rows.filter((row) => ops.get(row.id)!["x-answer-declared"] !== false);
    const nodes = new Set(API_TABLE.rows.map((row) => nodeOfRow(row)));
    expect(nodes.has(undefined)).toBe(false);
    for (const node of nodes) expect(declared.some((row) => nodeOfRow(row) === node), `node ${node}`).toBe(true);
    expect(API_TABLE.rows.length - declared.length).toBeLessThanOrEqual(UNDECLARED_AT_MOST);
    // a declared answer is a schema, not the empty "anything"
    expect(ops.get("program-list")!.responses["200"]!.content!["application/json"]!.schema).toMatchObject({ type: "object", required: expect.arrayContaining(["data", "count"]) });
  });
});

describe("the AsyncAPI document of the live channel (decision 082)", () => {
  it("is a valid AsyncAPI 3.0 document", async () => {
    const diagnostics = await new Parser().validate(JSON.stringify(await documentOf("asyncapi")));
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.message} at ${d.path.join(".")}`)).toEqual([]);
  });

  it("documents every topic that has a rule, and each refusal code", async () => {
    for (const topic of Object.keys(TOPIC_RULES)) expect(liveChannelOf(topic)?.followable, topic).toBe(true);
    const doc = JSON.stringify(await documentOf("asyncapi"));
    for (const code of Object.keys(LIVE_ERROR_CODES)) expect(doc).toContain(code);
    for (const channel of LIVE_CHANNELS) for (const message of channel.messages) expect(doc).toContain(`"name":"${message.event}"`);
  });

  it("documents every topic the sources publish (a topic in code but not here fails)", () => {
    const sources = ["projections", "workers", "modules"].flatMap((dir) => filesUnder(dir)).map((file) => readFileSync(file, "utf8"));
    const literal = sources.flatMap((text) => [...text.matchAll(/\btopic: "([a-z][a-z0-9-]*)"/g), ...text.matchAll(/_TOPIC\s*=\s*"([a-z][a-z0-9-]*)"/g)].map((m) => m[1]!));
    const prefixes = sources.flatMap((text) => [...text.matchAll(/_TOPIC_PREFIX\s*=\s*"([a-z][a-z0-9-]*)"/g)].map((m) => m[1]!));
    expect(literal.length).toBeGreaterThan(3);
    expect(prefixes.length).toBeGreaterThan(1);
    for (const topic of literal) expect(liveChannelOf(topic), topic).toBeDefined();
    for (const prefix of prefixes) expect(liveChannelOf(`${prefix}0a1b2c`), prefix).toBeDefined();
  });
});

describe("/api/docs", () => {
  it("is a page with one inline script under its own nonce, and the viewer's files from this origin", async () => {
    const page = docsPage();
    const html = await page.text();
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(page.headers.get("content-security-policy")).toBe(docsPolicy(nonce!));
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    for (const channel of LIVE_CHANNELS) expect(html).toContain(channel.topic);
    expect((await viewerFile("swagger-ui-bundle.js")).headers.get("content-type")).toMatch(/javascript/);
    expect((await viewerFile("../package.json")).status).toBe(404);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}
