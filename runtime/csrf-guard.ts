import type { RequestHandler } from "express";
import { parse } from "cookie";
import { checkCsrf, CSRF_COOKIE, CSRF_ERROR, isApiPath } from "../modules/identity";
import { bearerOf } from "../modules/integrations";

/**
 * Before Remix sees a request: a state-changing call without a valid CSRF token changes nothing. An /api
 * call with `Authorization: Bearer` is authenticated by its API key alone (decision 078): a browser never
 * adds that header to a cross-site request by itself, so there is no ambient credential to forge.
 */
export const csrfGuard: RequestHandler = (req, res, next) => {
  if (isApiPath(req.path) && bearerOf(req.headers.authorization)) return next();
  const cookies = parse(req.headers.cookie ?? "");
  const verdict = checkCsrf({ method: req.method, path: req.path, headers: req.headers, cookieToken: cookies[CSRF_COOKIE], host: req.headers.host });
  if (verdict.ok) return next();
  res.status(403).json(CSRF_ERROR);
};
