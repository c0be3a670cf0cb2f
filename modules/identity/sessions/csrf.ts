import { sameToken } from "./tokens";

/** The headers that may carry the CSRF token (the spec's client sends x-csrf-token). */
export const CSRF_HEADERS = ["x-csrf-token", "csrf-token", "xsrf-token", "x-xsrf-token"] as const;
export const CSRF_COOKIE = "rollcall_csrf";
export const CSRF_ERROR = { code: "EBADCSRFTOKEN", message: "Invalid or missing CSRF token. Reload the page and try again." } as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** PUT /api/asset/put/{token}: authorised by its signature alone (modules/uploads). */
const SIGNED_UPLOAD_PREFIX = "/api/asset/put/";

export type CsrfRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** the token in the visitor's CSRF cookie */
  cookieToken: string | undefined;
  /** the host the request was sent to (Host header) */
  host: string | undefined;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Every non-GET /api call must echo the CSRF cookie's token in a header (double submit; the cookie is
 * HttpOnly and SameSite=Lax, and only GET /api/auth/csrf hands its value to same-origin scripts). Remix
 * form posts (outside /api) are checked by origin: a browser sends Origin on every cross-site POST.
 */
export function checkCsrf(request: CsrfRequest): { ok: true } | { ok: false } {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  // a PUT to a signed upload link: the unguessable signature is the permission, no cookie is used (decision 019)
  if (request.method.toUpperCase() === "PUT" && request.path.startsWith(SIGNED_UPLOAD_PREFIX)) return { ok: true };
  if (request.path === "/api" || request.path.startsWith("/api/")) {
    const sent = CSRF_HEADERS.map((h) => first(request.headers[h])).find((v) => v);
    return sameToken(sent, request.cookieToken) ? { ok: true } : { ok: false };
  }
  const origin = first(request.headers.origin) ?? first(request.headers.referer);
  if (!origin) return { ok: true };
  try {
    return new URL(origin).host === request.host ? { ok: true } : { ok: false };
  } catch {
    return { ok: false };
  }
}
