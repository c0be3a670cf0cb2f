import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A context's client.ts is what the browser bundle may import (docs/decisions/031): everything it reaches
 * must be pure. Follows the value imports (`import type` is erased) from each modules/<ctx>/client.ts
 * and lists any package that is not browser-safe and any file of the kernel (database, queues, redis).
 */
const ROOT = resolve(__dirname, "../..");
const BROWSER_SAFE = [/^zod$/, /^dayjs(\/|$)/];
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveFile(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base]) if (existsSync(candidate) && candidate.endsWith(".ts")) return candidate;
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

function impurities(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const rel = relative(ROOT, file);
    if (rel.startsWith("modules/kernel/")) problems.push(`${rel} (the kernel)`);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      if (spec!.startsWith(".")) visit(resolveFile(file, spec!));
      else if (!BROWSER_SAFE.some((ok) => ok.test(spec!))) problems.push(`${rel} imports ${spec}`);
    }
  };
  visit(entry);
  return problems;
}

const faces = readdirSync(join(ROOT, "modules"))
  .map((ctx) => join(ROOT, "modules", ctx, "client.ts"))
  .filter((file) => existsSync(file));

describe("the browser-safe faces (modules/<ctx>/client.ts)", () => {
  it("exist for the contexts app/components uses", () => {
    expect(faces.map((f) => relative(ROOT, f)).sort()).toEqual(
      ["appointments", "challenges", "check-in", "communications", "family", "flags", "identity", "integrations", "organizations", "participants", "points", "programs", "reports", "requests", "resources", "screening", "surveys", "waivers"].map((ctx) => `modules/${ctx}/client.ts`),
    );
  });

  it.each(faces.map((f) => [relative(ROOT, f), f]))("%s reaches no server code", (_name, file) => {
    expect(impurities(file)).toEqual([]);
  });

  it("would catch a face that reaches the kernel or a node package", () => {
    // the check-in module's index (the decider's handlers) is exactly what a face must not pull in
    const problems = impurities(join(ROOT, "modules/check-in/index.ts"));
    expect(problems.some((p) => p.includes("modules/kernel/"))).toBe(true);
  });
});
