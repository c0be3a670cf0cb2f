import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { bodyLimitOfRow, isApiPath } from "../modules/identity";
import { API_TABLE } from "./api-table";
import { controlCharacterIn, hasControlCharacter, payloadTooLarge, type DomainError } from "../modules/kernel";

/**
 * Before anything reads a request (decision 028): a path or query with a control character is a 400
 * naming the parameter, and an /api call whose Content-Length is past its body limit a 413, its body
 * never read (Node drops it). Bodies without a length are counted as they stream (api-dispatch.ts,
 * runtime/api-run-row.ts).
 */
export const inputGuard: RequestHandler = (req, res, next) => {
  const api = isApiPath(req.path);
  const bad = controlCharacterOf(req, api);
  if (bad) return refuse(res, api, bad);
  if (api && req.method !== "GET" && req.method !== "HEAD") {
    const match = API_TABLE.match(req.method, req.path);
    const limit = match ? bodyLimitOfRow(match.route) : null;
    const length = Number(req.headers["content-length"]);
    if (limit !== null && Number.isFinite(length) && length > limit) return refuse(res, api, payloadTooLarge(limit));
  }
  next();
};

function controlCharacterOf(req: ExpressRequest, api: boolean): DomainError | null {
  const query = req.url.indexOf("?");
  if (query !== -1) {
    for (const [name, value] of new URLSearchParams(req.url.slice(query + 1))) {
      if (hasControlCharacter(name)) return controlCharacterIn("A query parameter name");
      if (hasControlCharacter(value)) return controlCharacterIn(name);
    }
  }
  for (const segment of req.path.split("/")) {
    if (!hasControlCharacter(decode(segment))) continue;
    const params = api ? API_TABLE.match(req.method === "HEAD" ? "GET" : req.method, req.path)?.params : undefined;
    const name = params && Object.entries(params).find(([, value]) => hasControlCharacter(value))?.[0];
    return controlCharacterIn(name ?? "The address");
  }
  return null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function refuse(res: ExpressResponse, api: boolean, error: DomainError) {
  res.status(error.status);
  if (api) res.json({ code: error.code, message: error.message });
  else res.type("text/plain").send(error.message);
}
