import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * The standard: axe-core on every page, no serious or critical violation, at desktop, tablet and phone
 * sizes. axe is evaluated through the DevTools protocol (page.evaluate), which the pages' nonce CSP does
 * not govern: no inline <script> is added, so the CSP stays as strict as in production and csp-guard
 * still watches every page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** axe on the document (or the element `scope` selects), the serious and critical violations, one line each. */
export async function audit(page: Page, where: string, scope?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const context = selector ? { include: [selector] } : document;
    return (await axe.run(context, { resultTypes: ["violations"] })).violations;
  }, scope ?? null);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}\n  first: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? ""}`);
}
