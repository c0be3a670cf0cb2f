import { bestMatch, compilePattern } from "./path-pattern";
import { NOTE_API_ROUTES } from "./routes-api-notes";
import { PARTICIPANT_API_ROUTES } from "./routes-api-participants";
import { FLAG_API_ROUTES } from "./routes-api-flags";
import { EXPORT_API_ROUTES } from "./routes-api-exports";
import { SCREENING_API_ROUTES } from "./routes-api-screening";
import { UPLOAD_API_ROUTES } from "./routes-api-uploads";
import { AUDIT_API_ROUTES } from "./routes-api-audit";
import { ACTIVITY_PAGES } from "./routes-activities";
import { APP_PAGES } from "./routes-app";
import { PUBLIC_PAGES } from "./routes-public";
import type { ApiRoute, HttpMethod, PageRoute, RouteMatch } from "./route-types";
import { REQUEST_LIMITS } from "../../kernel";

/** Every /api call, one registry (split by area into routes-api*.ts). */
export const API_ROUTES = [...PARTICIPANT_API_ROUTES, ...FLAG_API_ROUTES, ...SCREENING_API_ROUTES, ...EXPORT_API_ROUTES, ...NOTE_API_ROUTES, ...UPLOAD_API_ROUTES, ...AUDIT_API_ROUTES] as const satisfies readonly ApiRoute[];

/** Every page of the app, one registry (split by area into routes-*.ts). Decisions: ROUTE-RULES.md. */
export const PAGE_ROUTES = [...PUBLIC_PAGES, ...APP_PAGES, ...ACTIVITY_PAGES] as const satisfies readonly PageRoute[];

export type PageId = (typeof PAGE_ROUTES)[number]["id"];
export type ApiRouteId = (typeof API_ROUTES)[number]["id"];

/** Where every unknown path is sent. */
export const NOT_FOUND_PATH = "/404-page-not-found";
export const LOGIN_PATH = "/login";
export const HOME_PATH = "/";
/** The sidebar's default opened route. */
export const DEFAULT_SIDEBAR_PATH = "/participants";

const compiledPages = PAGE_ROUTES.map((entry: PageRoute) => ({ entry, compiled: compilePattern(entry.path) }));
const compiledApi = API_ROUTES.map((entry: ApiRoute) => ({ entry, compiled: compilePattern(entry.path) }));

assertUnique(PAGE_ROUTES.map((r) => r.id), "page id");
assertUnique(PAGE_ROUTES.map((r) => r.path), "page path");
assertUnique(API_ROUTES.map((r) => r.id), "api id");
assertUnique(API_ROUTES.map((r) => `${r.method} ${r.path}`), "api method and path");

/** The page for a pathname (query and hash ignored) with its params, or undefined for an unknown path. */
export function matchPage(pathname: string): RouteMatch<PageRoute> | undefined {
  const found = bestMatch(compiledPages, pathname);
  return found && { route: found.entry, params: found.params };
}

/** The /api route for a method and pathname (with the /api prefix), or undefined. */
export function matchApi(method: string, pathname: string): RouteMatch<ApiRoute> | undefined {
  const upper = method.toUpperCase() as HttpMethod;
  // every /api request is matched (twice: the dispatcher and the handler's guard); the same call on the
  // same path is answered from a bounded cache (path parameters are part of the key)
  const key = `${upper} ${pathname}`;
  if (apiMatches.has(key)) return apiMatches.get(key);
  const found = bestMatch(compiledApiByMethod.get(upper) ?? [], pathname);
  const match = found && { route: found.entry, params: found.params };
  // a long path (a bogus id of thousands of characters) is not kept: 5 000 of them would hold megabytes
  if (key.length > MAX_CACHED_KEY) return match;
  if (apiMatches.size >= MAX_CACHED_MATCHES) apiMatches.clear();
  apiMatches.set(key, match);
  return match;
}

const MAX_CACHED_MATCHES = 5_000;
const MAX_CACHED_KEY = 256;
const apiMatches = new Map<string, RouteMatch<ApiRoute> | undefined>();
const compiledApiByMethod = new Map<HttpMethod, typeof compiledApi>();
for (const c of compiledApi) compiledApiByMethod.set(c.entry.method, [...(compiledApiByMethod.get(c.entry.method) ?? []), c]);

/** The largest body a call reads, in bytes; null for an upload, which limits its streamed body itself. */
export function bodyLimitOf(route: ApiRoute): number | null {
  return route.maxBodyBytes === "streamed" ? null : (route.maxBodyBytes ?? REQUEST_LIMITS.jsonBodyBytes);
}

/** The registry entry of a page id. */
export function pageById(id: PageId): PageRoute {
  const page = PAGE_ROUTES.find((r) => r.id === id);
  if (!page) throw new Error(`unknown page id ${id}`);
  return page;
}

function assertUnique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`duplicate ${what} in the route registry: ${value}`);
    seen.add(value);
  }
}
