import { z } from "zod";
import { apiRow, openApiDocument, type ApiRow } from "../../modules/identity";
import { asyncApiDocument } from "./asyncapi";
import { docsPage, viewerFile } from "./docs-page";

const ANYONE = { auth: "optional", kioskAllowed: true } as const;
const INFO = { title: "Rollcall API", version: "1" };

/** The node of the table these rows are listed under. */
export const DOCS_NODE = "docs";

/**
 * The table's own documents (issue 22, decisions 081 and 082): the OpenAPI document of every row, the
 * AsyncAPI document of the live channel, and /api/docs rendering both. Readable by anyone: they hold
 * no organization's data, only what the calls are.
 */
export function apiDocsRows(table: () => { rows: readonly ApiRow[]; nodeOf: (row: ApiRow) => string | undefined }): ApiRow[] {
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  let asyncApi: ReturnType<typeof asyncApiDocument> | undefined;
  return [
    apiRow({
      id: "openapi",
      method: "GET",
      path: "/api/openapi.json",
      description: "This document: every call of the /api table, its access rule in words, its input and its answers.",
      rule: ANYONE,
      answers: { description: "The OpenAPI 3.1 document", schema: z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }) },
      handle: () => (openApi ??= openApiDocument(table().rows, INFO, (row) => table().nodeOf(row as ApiRow))),
    }),
    apiRow({
      id: "asyncapi",
      method: "GET",
      path: "/api/asyncapi.json",
      description: "The live channel's protocol: the handshake, subscribe and unsubscribe with their acks and codes, every topic, who may follow it and its events' payloads.",
      rule: ANYONE,
      answers: { description: "The AsyncAPI 3.0 document", schema: z.looseObject({ asyncapi: z.literal("3.0.0"), channels: z.record(z.string(), z.unknown()), operations: z.record(z.string(), z.unknown()) }) },
      handle: () => (asyncApi ??= asyncApiDocument(INFO)),
    }),
    apiRow({
      id: "api-docs",
      method: "GET",
      path: "/api/docs",
      description: "The calls and the live channel for people: the OpenAPI document in Swagger UI, and the live topics.",
      rule: ANYONE,
      answers: { description: "An HTML page", contentType: "text/html" },
      handle: () => docsPage(),
    }),
    apiRow({
      id: "api-docs-file",
      method: "GET",
      path: "/api/docs/:file",
      description: "A file of the documents' viewer (swagger-ui-bundle.js, swagger-ui.css), served by the app itself.",
      rule: ANYONE,
      answers: { description: "The file", contentType: "text/javascript" },
      handle: (ctx) => viewerFile(ctx.params.file ?? ""),
    }),
  ];
}
