import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { API_ROUTES, bodyLimitOf, isApiPath, matchApi } from "../modules/identity";
import { DomainError, payloadTooLarge } from "../modules/kernel";

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
  // a route's path is relative to its parent's ('api.check-in.participant' sits under 'api.check-in'): the
  // whole path is the parents' joined, so nested calls take this path too, body limits and all
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  for (const route of Object.values(build.routes)) {
    const path = fullPath(route.id);
    if (!route.id.startsWith("routes/api.") || !path || path.includes("*")) continue;
    modules.set(shape(path), route.module as ApiModule);
  }
  const shapes = new Map<string, string>(API_ROUTES.map((r) => [r.path, shape(r.path)]));
  return (req, res, next) => {
    // '/API/…' is an /api call too (matchApi ignores case, as Remix does)
    if (req.method === "HEAD" || !isApiPath(req.path)) return next();
    const match = matchApi(req.method, req.path);
    const module = match && modules.get(shapes.get(match.route.path) ?? shape(match.route.path));
    const handler = req.method === "GET" ? module?.loader : module?.action;
    if (!match || !handler) return next();
    void run(handler, req, res, context(req), match.params, bodyLimitOf(match.route)).catch(next);
  };
}

/** The size under which a JSON body is read whole before the handler runs. */
const SMALL_JSON_BYTES = 64 * 1024;

const isSmallJson = (req: ExpressRequest) => {
  const length = Number(req.headers["content-length"]);
  return Number.isSafeInteger(length) && length <= SMALL_JSON_BYTES && (req.headers["content-type"] ?? "").startsWith("application/json");
};

/** The whole body of a small JSON call (its Content-Length is at most SMALL_JSON_BYTES; counted anyway). */
function readWhole(req: ExpressRequest, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      reject(payloadTooLarge(limit));
    };
    req.on("data", onData);
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on("error", reject);
    // a client gone before its body ended: settled (after "end" this does nothing)
    req.on("close", () => reject(new Error("the request closed before its body ended")));
  });
}

/** A Response from whichever fetch implementation made it. */
const isResponse = (value: unknown): value is Response =>
  typeof value === "object" && value !== null && typeof (value as Response).status === "number" && (value as Response).headers instanceof Headers && "body" in value;

/**
 * A body past the call's limit errors the stream the handler reads with a 413 (PAYLOAD_TOO_LARGE) as soon
 * as the limit is passed, whatever the Content-Length said (a chunked body has none): nothing reads more.
 */
function limited(req: ExpressRequest, limit: number): Transform {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(payloadTooLarge(limit));
      done(null, chunk);
    },
  });
  return req.pipe(counter);
}

/** At most this much of a body nobody read is read and dropped after the answer; past it the connection is cut. */
const DISCARD_BYTES = 16 * 1024 * 1024;

/**
 * After the answer: the rest of a body the handler did not read (a refusal, or a call that takes none) is
 * read and dropped, so the client gets the answer rather than a stalled upload and a reset connection;
 * never held. Past DISCARD_BYTES the connection is cut.
 */
function discardRest(req: ExpressRequest, counter: Transform | null, web: ReadableStream<Uint8Array> | null) {
  if (req.complete || req.destroyed) return;
  if (!counter && web) {
    // an upload's stream listens on the request itself: it is read through (unless its handler still holds it)
    if (!web.locked) void dropAll(web.getReader(), req);
    return;
  }
  if (counter) req.unpipe(counter);
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BYTES) req.destroy();
  });
  req.resume();
}

async function dropAll(reader: ReadableStreamDefaultReader<Uint8Array>, req: ExpressRequest) {
  let dropped = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      dropped += next.value.length;
      if (dropped > DISCARD_BYTES) return void req.destroy();
    }
  } catch {
    // the client went away
  }
}

async function run(
  handler: Handler,
  req: ExpressRequest,
  res: ExpressResponse,
  context: AppLoadContext,
  params: Record<string, string | undefined>,
  limit: number | null,
) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  let counter: Transform | null = null;
  let web: ReadableStream<Uint8Array> | null = null;
  if (req.method !== "GET") {
    if (isSmallJson(req)) {
      // a small JSON body is read whole: a web stream over the request costs more than the body itself
      try {
        init.body = (await readWhole(req, Math.min(SMALL_JSON_BYTES, limit ?? SMALL_JSON_BYTES))) as unknown as BodyInit;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        res.status(error.status).json(error.toJSON());
        return discardRest(req, null, null);
      }
    } else {
      // an upload (limit null) streams as it is and limits itself (modules/uploads); anything else is counted
      counter = limit === null ? null : limited(req, limit);
      web = Readable.toWeb(counter ?? req) as ReadableStream<Uint8Array>;
      init.body = web;
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
  discardRest(req, counter, web);
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
