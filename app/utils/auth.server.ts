import { authOf, type Auth } from "#modules/identity";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import type { AppServices } from "./load-context";

export type { Auth, AuthUser, AuthOrganization } from "#modules/identity";

/** The signed-in visitor behind the session cookie, or null (no cookie, ended session, removed user or group). */
export const getAuth = (request: Request, services: AppServices): Promise<Auth | null> => authOf(services, readCookie(request, SESSION_COOKIE));
