import { parse, serialize } from "cookie";
import { CSRF_COOKIE } from "./csrf";

/** The session cookie's name: the web pages, the /api rows and the live socket all read it. */
export const SESSION_COOKIE = "rollcall_session";
const FOURTEEN_DAYS = 14 * 24 * 60 * 60;

/** One cookie of a request, or undefined. */
export const cookieOf = (request: Request, name: string): string | undefined => parse(request.headers.get("cookie") ?? "")[name];

/** HttpOnly, SameSite=Lax, Secure in production. */
const attributes = (production: boolean, maxAge: number) => ({ httpOnly: true, sameSite: "lax" as const, secure: production, path: "/", maxAge });

export const sessionCookie = (token: string, production: boolean) => serialize(SESSION_COOKIE, token, attributes(production, FOURTEEN_DAYS));
export const clearSessionCookie = (production: boolean) => serialize(SESSION_COOKIE, "", attributes(production, 0));
export const csrfCookie = (token: string, production: boolean) => serialize(CSRF_COOKIE, token, attributes(production, FOURTEEN_DAYS));
