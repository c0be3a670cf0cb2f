import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { payloadTooLarge } from "../modules/kernel";

/** The whole body of a call, at most `limit` bytes (counted as it arrives, whatever Content-Length said): past it a 413. */
export function readWhole(req: ExpressRequest, limit: number): Promise<Buffer> {
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
export const isResponse = (value: unknown): value is Response =>
  typeof value === "object" && value !== null && typeof (value as Response).status === "number" && (value as Response).headers instanceof Headers && "body" in value;

/** At most this much of a body nobody read is read and dropped after the answer; past it the connection is cut. */
const DISCARD_BYTES = 16 * 1024 * 1024;

/**
 * After the answer: the rest of a body the handler did not read (a refusal, or a call that takes none) is
 * read and dropped, so the client gets the answer rather than a stalled upload and a reset connection;
 * never held. Past DISCARD_BYTES the connection is cut.
 */
export function discardRest(req: ExpressRequest, web: ReadableStream<Uint8Array> | null) {
  if (req.complete || req.destroyed) return;
  if (web) {
    // an upload's stream listens on the request itself: it is read through (unless its handler still holds it)
    if (!web.locked) void dropAll(web.getReader(), req);
    return;
  }
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

export async function send(response: Response, res: ExpressResponse) {
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

/** The web Request a handler reads: the call's method, headers and URL, and the body stream of a streamed call. */
export function webRequestOf(req: ExpressRequest, signal: AbortSignal, body?: { stream: ReadableStream<Uint8Array> }): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (body) {
    init.body = body.stream;
    init.duplex = "half";
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, init);
}

/**
 * An AbortSignal that fires when the client goes away before the answer is sent; aborted already when it
 * went away before the signal was asked for (a handler reads `ctx.request` late: runtime/api-run-row.ts).
 */
export function abortOnClose(res: ExpressResponse): AbortSignal {
  const controller = new AbortController();
  if (res.closed && !res.writableFinished) controller.abort();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
