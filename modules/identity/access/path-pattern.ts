/**
 * Path patterns of the route registry: static segments, `:name` parameters and one optional trailing
 * `:name?` parameter, e.g. '/user/:roleId?', '/sign-waiver/:id'. Static segments match case-insensitively
 * (as Remix does); parameter values are URI-decoded and keep their case.
 */
export type PathParams = Readonly<Record<string, string>>;

type Segment = { kind: "static"; value: string } | { kind: "param"; name: string; optional: boolean };

export type CompiledPattern = { pattern: string; segments: readonly Segment[]; staticCount: number };

export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern.startsWith("/")) throw new Error(`path pattern must start with '/': ${pattern}`);
  const segments = splitPath(pattern).map((part, index, all): Segment => {
    if (!part.startsWith(":")) return { kind: "static", value: part.toLowerCase() };
    const optional = part.endsWith("?");
    if (optional && index !== all.length - 1) throw new Error(`only the last parameter may be optional: ${pattern}`);
    const name = part.slice(1, optional ? -1 : undefined);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad parameter name in ${pattern}`);
    return { kind: "param", name, optional };
  });
  return { pattern, segments, staticCount: segments.filter((s) => s.kind === "static").length };
}

/** The parameters when the pathname matches the pattern, otherwise undefined. */
export function matchPattern(compiled: CompiledPattern, pathname: string): PathParams | undefined {
  return matchParts(compiled, splitPath(stripQueryAndHash(pathname)));
}

/** matchPattern over a pathname split already (bestMatch splits it once for all its entries). */
function matchParts(compiled: CompiledPattern, parts: readonly string[]): PathParams | undefined {
  const { segments } = compiled;
  const last = segments[segments.length - 1];
  const minimum = last?.kind === "param" && last.optional ? segments.length - 1 : segments.length;
  if (parts.length < minimum || parts.length > segments.length) return undefined;

  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (!segment) return undefined;
    if (segment.kind === "static") {
      if (part.toLowerCase() !== segment.value) return undefined;
      continue;
    }
    const value = safeDecode(part);
    if (value === undefined || value === "") return undefined;
    params[segment.name] = value;
  }
  return params;
}

/**
 * The best match among compiled entries: the one with the most static segments wins (so '/user/parent'
 * beats '/user/:roleId?'), then the earlier entry.
 */
export function bestMatch<T>(
  entries: readonly { compiled: CompiledPattern; entry: T }[],
  pathname: string,
): { entry: T; params: PathParams } | undefined {
  let best: { entry: T; params: PathParams; staticCount: number } | undefined;
  const parts = splitPath(stripQueryAndHash(pathname));
  for (const { compiled, entry } of entries) {
    const params = matchParts(compiled, parts);
    if (params && (!best || compiled.staticCount > best.staticCount)) {
      best = { entry, params, staticCount: compiled.staticCount };
    }
  }
  return best && { entry: best.entry, params: best.params };
}

/** The first path segment, lower-cased ('' for '/'). */
export function firstSegment(pathname: string): string {
  return (splitPath(stripQueryAndHash(pathname))[0] ?? "").toLowerCase();
}

function splitPath(path: string): string[] {
  return path.split("/").filter((part) => part !== "");
}

function stripQueryAndHash(pathname: string): string {
  const cut = pathname.search(/[?#]/);
  return cut === -1 ? pathname : pathname.slice(0, cut);
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
