import { sameToken } from "./tokens";

/** The headers that may carry the CSRF token (the spec's client sends x-csrf-token). */
export const CSRF_HEADERS = ["x-csrf-token", "csrf-token", "xsrf-token", "x-xsrf-token"] as const;
export const CSRF_COOKIE = "rollcall_csrf";
export const CSRF_ERROR = { code: "EBADCSRFTOKEN", message: "Invalid or missing CSRF token. Reload the page and try again." } as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** PUT /api/asset/put/{token}: authorised by its signature alone (modules/uploads). */
const SIGNED_UPLOAD_PREFIX = "/api/asset/put/";
/** POST /unsubscribe/{token}: a mail client's one-click unsubscribe (RFC 8058) sends no cookie and no Origin; the signed token is the permission (decision 059). */
const ONE_CLICK_UNSUBSCRIBE_PREFIX = "/unsubscribe/";
/** Twilio's status callbacks (decision 108): no cookie; the X-Twilio-Signature over the url and fields is checked instead */
const SMS_STATUS_CALLBACK = "/api/sms/status";

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
 * A path as the router sees it: each segment percent-decoded, lower-cased, empty segments dropped.
 * Remix and the /api registry match paths case-insensitively and decode them, so '/API/role',
 * '//api/role' and '/%61pi/role' all reach /api/role; the checks below see them as it.
 */
export function routedPath(path: string): string {
  const parts = path.split(/[?#]/, 1)[0]!.split("/").filter((part) => part !== "");
  return `/${parts.map(decodeSegment).join("/")}`.toLowerCase();
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Whether a request path is an /api call, however it is spelled (see routedPath). */
export function isApiPath(path: string): boolean {
  const routed = routedPath(path);
  return routed === "/api" || routed.startsWith("/api/");
}

/**
 * Every non-GET /api call must echo the CSRF cookie's token in a header (double submit; the cookie is
 * HttpOnly and SameSite=Lax, and only GET /api/auth/csrf hands its value to same-origin scripts). A Remix
 * form post (outside /api) needs the token too, or an Origin (else a Referer) of this host: a browser
 * sends Origin on every POST, so a post with neither is refused (decision 028).
 */
export function checkCsrf(request: CsrfRequest): { ok: true } | { ok: false } {
  const method = request.method.toUpperCase();
  if (SAFE_METHODS.has(method)) return { ok: true };
  const path = routedPath(request.path);
  // a PUT to a signed upload link: the unguessable signature is the permission, no cookie is used (decision 019)
  if (method === "PUT" && path.startsWith(SIGNED_UPLOAD_PREFIX)) return { ok: true };
  if (method === "POST" && path.startsWith(ONE_CLICK_UNSUBSCRIBE_PREFIX)) return { ok: true };
  if (method === "POST" && path === SMS_STATUS_CALLBACK) return { ok: true };
  const sent = CSRF_HEADERS.map((h) => first(request.headers[h])).find((v) => v);
  const tokenOk = sameToken(sent, request.cookieToken);
  if (tokenOk) return { ok: true };
  if (path === "/api" || path.startsWith("/api/")) return { ok: false };
  const origin = first(request.headers.origin) ?? first(request.headers.referer);
  if (!origin) return { ok: false };
  try {
    return new URL(origin).host === request.host ? { ok: true } : { ok: false };
  } catch {
    return { ok: false };
  }
}
