import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { API_ROUTES, matchApi } from "../modules/identity";

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => unknown;
type ApiModule = { loader?: Handler; action?: Handler };

/** "/api/check-in/:id" and "/api/check-in/{id}" both become "/api/check-in/{}". */
const shape = (path: string) => path.replace(/:[^/]+/g, "{}").replace(/\{[^}]+\}/g, "{}");

/**
 * The /api calls go straight to their route module's loader or action: the registry (modules/identity)
 * has matched the call already, so Remix's request handler (which rebuilds and ranks its whole route
 * table on every request) is skipped on the hot path; pages and anything without a module of its own
 * still go through Remix. The route modules are the same ones Remix would call, from the same build, and
 * every /api handler answers through `api()` (app/utils/api.server.ts), which turns every error into its
 * `{ code, message }`; whatever escapes it is a 500 here as it would be there (docs/decisions/018).
 */
export function apiDispatch(build: ServerBuild, context: (req: ExpressRequest) => AppLoadContext): RequestHandler {
  const modules = new Map<string, ApiModule>();
  for (const route of Object.values(build.routes)) {
    if (!route.id.startsWith("routes/api.") || !route.path || route.path.includes("*")) continue;
    modules.set(shape(`/${route.path}`), route.module as ApiModule);
  }
  const shapes = new Map<string, string>(API_ROUTES.map((r) => [r.path, shape(r.path)]));
  return (req, res, next) => {
    if (!req.path.startsWith("/api/") || req.method === "HEAD") return next();
    const match = matchApi(req.method, req.path);
    const module = match && modules.get(shapes.get(match.route.path) ?? shape(match.route.path));
    const handler = req.method === "GET" ? module?.loader : module?.action;
    if (!match || !handler) return next();
    void run(handler, req, res, context(req), match.params).catch(next);
  };
}

/** The size under which a JSON body is read whole before the handler runs. */
const SMALL_JSON_BYTES = 64 * 1024;

const isSmallJson = (req: ExpressRequest) => {
  const length = Number(req.headers["content-length"]);
  return Number.isSafeInteger(length) && length <= SMALL_JSON_BYTES && (req.headers["content-type"] ?? "").startsWith("application/json");
};

function readWhole(req: ExpressRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("error", reject);
    // a client gone before its body ended: settled (after "end" this does nothing)
    req.on("close", () => reject(new Error("the request closed before its body ended")));
  });
}

/** A Response from whichever fetch implementation made it. */
const isResponse = (value: unknown): value is Response =>
  typeof value === "object" && value !== null && typeof (value as Response).status === "number" && (value as Response).headers instanceof Headers && "body" in value;

async function run(handler: Handler, req: ExpressRequest, res: ExpressResponse, context: AppLoadContext, params: Record<string, string | undefined>) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET") {
    if (isSmallJson(req)) {
      // a small JSON body is read whole: a web stream over the request costs more than the body itself
      init.body = (await readWhole(req)) as unknown as BodyInit;
    } else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = "half";
    }
  }
  const request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, init);
  let response: unknown;
  try {
    response = await handler({ request, context, params });
  } catch (thrown) {
    response = isResponse(thrown) ? thrown : Response.json({ code: "INTERNAL", message: "Something Went Wrong" }, { status: 500 });
  }
  await send(isResponse(response) ? response : Response.json(response ?? null), res);
}

async function send(response: Response, res: ExpressResponse) {
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  // a JSON answer is small: written in one piece (stream.pipeline costs an AbortController and a
  // DOMException per call); files and other bodies stream
  if (response.headers.get("content-type")?.startsWith("application/json")) return void res.end(Buffer.from(await response.arrayBuffer()));
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
}
