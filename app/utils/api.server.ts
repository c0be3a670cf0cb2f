import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { decideAccess, matchApi } from "../../modules/identity";
import { DomainError } from "../../modules/kernel";
import { getAuth, type Auth } from "./auth.server";
import type { AppServices } from "./load-context";

export const apiError = (status: number, code: string, message: string, init?: ResponseInit) =>
  json({ code, message }, { ...init, status });

export type ApiContext = {
  request: Request;
  services: AppServices;
  auth: Auth | null;
  params: Record<string, string | undefined>;
};

/** The body as JSON; a body that is not JSON is a 400, never a 500. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("BAD_JSON", "The request body is not valid JSON", 400);
  }
}

/** The signed-in user of a handler whose route requires one. */
export function signedIn(ctx: ApiContext): Auth {
  if (!ctx.auth) throw new DomainError("UNAUTHORIZED", "You need to sign in to do this.", 401);
  return ctx.auth;
}

/**
 * Every /api handler runs through here: the route's access rule from the one registry (401 / 403),
 * then the handler; a DomainError becomes its status with `{ code, message }`, bad input a 400.
 */
export async function api({ request, context }: LoaderFunctionArgs | ActionFunctionArgs, handle: (ctx: ApiContext) => Promise<unknown>) {
  const { services } = context;
  const url = new URL(request.url);
  const match = matchApi(request.method, url.pathname);
  if (!match) return apiError(404, "NOT_FOUND", `There is no ${request.method} ${url.pathname}`);
  try {
    const auth = await getAuth(request, services);
    const decision = decideAccess(match.route.rule, auth ? auth.subject : { authenticated: false });
    if (!decision.allowed) {
      return decision.reason === "unauthenticated"
        ? apiError(401, "UNAUTHORIZED", "You need to sign in to do this.")
        : apiError(403, "FORBIDDEN", "You do not have permission to do this.");
    }
    const result = await handle({ request, services, auth, params: match.params });
    return result instanceof Response ? result : json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return apiError(error.status, error.code, error.message);
    if (error instanceof ZodError) return apiError(400, "VALIDATION", error.issues[0]?.message ?? "The request is not valid");
    services.logger.error("api call failed", { method: request.method, path: url.pathname, error: String(error) });
    return apiError(500, "INTERNAL", "Something Went Wrong");
  }
}
