import { bestMatch, compilePattern } from "./path-pattern";
import { ACTIVITY_PAGES } from "./routes-activities";
import { APP_PAGES } from "./routes-app";
import { PUBLIC_PAGES } from "./routes-public";
import type { PageRoute, RouteMatch } from "./route-types";

/** Every page of the app, one registry (the /api calls are rows of their contexts: runtime/api-table.ts) (split by area into routes-*.ts). Decisions: ROUTE-RULES.md. */
export const PAGE_ROUTES = [...PUBLIC_PAGES, ...APP_PAGES, ...ACTIVITY_PAGES] as const satisfies readonly PageRoute[];

export type PageId = (typeof PAGE_ROUTES)[number]["id"];

/** Where every unknown path is sent. */
export const NOT_FOUND_PATH = "/404-page-not-found";
export const LOGIN_PATH = "/login";
export const HOME_PATH = "/";
/** The sidebar's default opened route. */
export const DEFAULT_SIDEBAR_PATH = "/participants";

const compiledPages = PAGE_ROUTES.map((entry: PageRoute) => ({ entry, compiled: compilePattern(entry.path) }));

assertUnique(PAGE_ROUTES.map((r) => r.id), "page id");
assertUnique(PAGE_ROUTES.map((r) => r.path), "page path");

/** The page for a pathname (query and hash ignored) with its params, or undefined for an unknown path. */
export function matchPage(pathname: string): RouteMatch<PageRoute> | undefined {
  const found = bestMatch(compiledPages, pathname);
  return found && { route: found.entry, params: found.params };
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
