import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The standard (decision 042): axe-core on every page, no serious or critical violation, at desktop
 * (1280 x 800), tablet (820 x 1180) and phone (390 x 844) sizes. axe's default rules (WCAG 2.0-2.2 A and
 * AA and best practices) run, color-contrast among them (named here so nobody turns it off), and
 * label-content-name-mismatch (WCAG 2.5.3 label in name, experimental in axe, so off unless asked for).
 * axe does not measure placeholders: placeholderContrast() does. axe is evaluated through the DevTools protocol (page.evaluate), which the pages' nonce CSP does
 * not govern: no inline <script> is added, so the CSP stays as strict as in production and csp-guard
 * still watches every page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Rules switched on beyond axe's defaults (and color-contrast, which must stay on). */
export const AXE_RULES = { "color-contrast": { enabled: true }, "label-content-name-mismatch": { enabled: true } } as const;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** axe on the document (or the element `scope` selects), the serious and critical violations, one line each. */
export async function audit(page: Page, where: string, scope?: string): Promise<string[]> {
  await finiteAnimationsDone(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async ({ selector, AXE_RULES }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const context = selector ? { include: [selector] } : document;
    return (await axe.run(context, { resultTypes: ["violations"], rules: AXE_RULES })).violations;
  }, { selector: scope ?? null, AXE_RULES });
  violations.push(...(await placeholderContrast(page, scope)));
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}\n  first: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? ""}`);
}

/**
 * Waits (at most 3 s) for the page's finite animations: a dialog fading in or a toast fading out is
 * measured half-transparent otherwise, and its colours read below 4.5:1 on a loaded machine.
 * Endless ones (a spinner) are not waited for.
 */
export async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/**
 * Placeholder text at 4.5:1 (WCAG 1.4.3 covers it; axe skips it): each visible, empty input or textarea
 * with a placeholder, its ::placeholder colour over the first opaque background up its ancestors (the
 * translucent ones between blended in). Reported like an axe violation (serious).
 */
export async function placeholderContrast(page: Page, scope?: string): Promise<Violation[]> {
  return page.evaluate((selector) => {
    const parse = (value: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(value) ?? /color\(srgb ([^)]+)\)/.exec(value);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      const scale = value.startsWith("color(") ? 255 : 1;
      return [parts[0]! * scale, parts[1]! * scale, parts[2]! * scale, parts[3] ?? 1];
    };
    const over = (fg: number[], bg: number[]) => [0, 1, 2].map((i) => fg[i]! * fg[3]! + bg[i]! * (1 - fg[3]!)).concat(1);
    const luminance = (c: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0]!) + 0.7152 * f(c[1]!) + 0.0722 * f(c[2]!);
    };
    const root = selector ? document.querySelector(selector) : document;
    const found: Violation[] = [];
    for (const input of root?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]") ?? []) {
      if (input.value || !input.placeholder || input.getClientRects().length === 0) continue;
      const layers: number[][] = [];
      for (let el: Element | null = input; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let background = [255, 255, 255, 1];
      for (const layer of layers.reverse()) background = over(layer, background);
      const text = over(parse(getComputedStyle(input, "::placeholder").color), background);
      const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) {
        const target = input.id ? `#${input.id}` : `${input.tagName.toLowerCase()}[placeholder="${input.placeholder}"]`;
        found.push({ id: "placeholder-contrast", impact: "serious", help: `Placeholder text must have a contrast of at least 4.5:1 (${ratio.toFixed(2)}:1)`, nodes: [{ target: [target] }] });
      }
    }
    return found;
  }, scope ?? null);
}

/**
 * An area's page at desktop, tablet and phone sizes, widest first: no sideways scrolling (checked with
 * vitest's expect) and axe's serious and critical findings added to `found`. Ends at phone size.
 */
export async function auditEverySize(page: Page, where: string, found: string[]): Promise<void> {
  for (const size of [...VIEWPORTS].sort((a, b) => b.width - a.width)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll: ${where} @${size.width}`).toBeLessThanOrEqual(0);
    found.push(...(await audit(page, `${where} @${size.width}`)));
  }
}
