import { REQUEST_LIMITS } from "../../kernel";
import { bestMatch, compilePattern } from "../access/path-pattern";
import type { ApiRoute, HttpMethod, RouteMatch } from "../access/route-types";
import type { ApiRow } from "./row";

const MAX_CACHED_MATCHES = 5_000;
const MAX_CACHED_KEY = 256;
const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** A row of the table as matched: the row (or a declaration awaiting its handler) and the path's parameters. */
export type ApiMatch<R extends ApiRoute = ApiRow | ApiRoute> = RouteMatch<R>;

/**
 * The one /api table: every call's row, matched once per request. Ids and method + path are unique;
 * a path is matched case-insensitively on its static segments (as Remix did), parameters keep their case.
 */
export class ApiTable<R extends ApiRoute = ApiRoute> {
  private readonly byMethod = new Map<HttpMethod, { entry: R; compiled: ReturnType<typeof compilePattern> }[]>();
  private readonly cache = new Map<string, RouteMatch<R> | undefined>();

  constructor(readonly rows: readonly R[]) {
    assertUnique(rows.map((r) => r.id), "api id");
    assertUnique(rows.map((r) => `${r.method} ${r.path}`), "api method and path");
    for (const entry of rows) {
      if (!entry.path.startsWith("/api/")) throw new Error(`an /api row's path starts with /api/: ${entry.path}`);
      this.byMethod.set(entry.method, [...(this.byMethod.get(entry.method) ?? []), { entry, compiled: compilePattern(entry.path) }]);
    }
  }

  /** The row for a method and pathname (with the /api prefix) and its parameters, or undefined. */
  match(method: string, pathname: string): RouteMatch<R> | undefined {
    const upper = method.toUpperCase() as HttpMethod;
    const key = `${upper} ${pathname}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const found = bestMatch(this.byMethod.get(upper) ?? [], pathname);
    const match = found && { route: found.entry, params: found.params };
    // a long path (a bogus id of thousands of characters) is not kept: 5 000 of them would hold megabytes
    if (key.length > MAX_CACHED_KEY) return match;
    if (this.cache.size >= MAX_CACHED_MATCHES) this.cache.clear();
    this.cache.set(key, match);
    return match;
  }

  /** The methods some row answers on this path (for a 405's Allow header). */
  methodsOn(pathname: string): HttpMethod[] {
    return METHODS.filter((method) => this.match(method, pathname));
  }

  byId(id: string): R | undefined {
    return this.rows.find((r) => r.id === id);
  }
}

/** The largest body a call reads, in bytes; null for an upload, which limits its streamed body itself. */
export function bodyLimitOfRow(route: ApiRoute): number | null {
  return route.maxBodyBytes === "streamed" ? null : (route.maxBodyBytes ?? REQUEST_LIMITS.jsonBodyBytes);
}

function assertUnique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`duplicate ${what} in the /api table: ${value}`);
    seen.add(value);
  }
}
