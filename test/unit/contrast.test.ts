import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { THEME_COLORS } from "../../modules/organizations/client";

/**
 * Text contrast of the theme (decision 042), computed from Radix's own light tokens and the overrides in
 * app/components/contrast.css, for each of the 18 theme colours and the colours pages set themselves
 * (red, amber, green, gray). The browser tests run axe-core's color-contrast on the demo's colour;
 * this covers the colours an organization may pick.
 */
const RADIX = readFileSync(createRequire(import.meta.url).resolve("@radix-ui/themes/styles.css"), "utf8");
const OURS = readFileSync(resolve(__dirname, "../../app/components/contrast.css"), "utf8");
const AA = 4.5;

type RGBA = [number, number, number, number];

/** The first (light theme) hex value of each Radix token. */
const TOKENS = new Map<string, string>();
for (const m of RADIX.matchAll(/--([a-z]+-(?:a?\d+|contrast)):\s*(#[0-9a-fA-F]{6,8}|white|black)\s*;/g)) if (!TOKENS.has(m[1]!)) TOKENS.set(m[1]!, m[2]!);

function token(name: string): RGBA {
  const value = TOKENS.get(name);
  if (!value) throw new Error(`no Radix token --${name}`);
  if (value === "white") return [255, 255, 255, 1];
  if (value === "black") return [0, 0, 0, 1];
  const n = [1, 3, 5, 7].map((i) => parseInt(value.slice(i, i + 2) || "ff", 16));
  return [n[0]!, n[1]!, n[2]!, n[3]! / 255];
}

const WHITE: RGBA = [255, 255, 255, 1];
const over = (fg: RGBA, bg: RGBA): RGBA => [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3])).concat(1) as RGBA;
const mix = (a: RGBA, b: RGBA, p: number): RGBA => [0, 1, 2].map((i) => a[i]! * p + b[i]! * (1 - p)).concat(1) as RGBA;
const luminance = ([r, g, b]: RGBA) => {
  const f = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const ratio = (a: RGBA, b: RGBA) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The accent text colour contrast.css gives a colour: its `--accent-a11` override, or Radix's step 11. */
function accentText(color: string): RGBA {
  const block = new RegExp(`\\[data-accent-color="${color}"\\]\\s*\\{([^}]*)\\}`).exec(OURS)?.[1] ?? "";
  const value = /--accent-a11:\s*([^;]+);/.exec(block)?.[1]?.trim();
  if (!value) return token(`${color}-a11`);
  const mixed = new RegExp(`^color-mix\\(in srgb, var\\(--${color}-11\\) (\\d+)%, var\\(--${color}-12\\)\\)$`).exec(value);
  if (mixed) return mix(token(`${color}-11`), token(`${color}-12`), Number(mixed[1]) / 100);
  if (value === `var(--${color}-11)`) return token(`${color}-11`);
  throw new Error(`unexpected --accent-a11 for ${color}: ${value}`);
}

/** The solid buttons' fill: step 9 for the colours contrast.css keeps on it, step 11 (as mixed) otherwise. */
function solidFill(color: string): RGBA {
  const keeps9 = new RegExp(`\\[data-accent-color="${color}"\\][^{]*\\{[^}]*--rc-solid:\\s*var\\(--accent-9\\)`).test(OURS);
  return keeps9 ? token(`${color}-9`) : accentText(color);
}

const COLOURS = [...new Set<string>([...THEME_COLORS.map((c) => c.accent), "red", "amber", "green", "gray"])];
const PAGE = over(token("gray-2"), WHITE);

describe("text contrast of the theme (WCAG 2.2 AA, 4.5:1)", () => {
  it("Radix's grey placeholder and label text (gray-a10) is short of 4.5:1, so contrast.css gives it gray-a11", () => {
    expect(ratio(over(token("gray-a10"), WHITE), WHITE)).toBeLessThan(AA);
    expect(ratio(over(token("gray-a11"), WHITE), WHITE)).toBeGreaterThanOrEqual(AA);
    expect(ratio(over(token("gray-a11"), PAGE), PAGE)).toBeGreaterThanOrEqual(AA);
    for (const selector of ["TextFieldInput)::placeholder", "TextAreaInput)::placeholder", "[data-placeholder]", ".rt-BaseMenuLabel", ".rt-SelectLabel"]) {
      expect(OURS, selector).toContain(selector);
    }
    expect(/\.rt-SelectLabel\s*\{\s*color:\s*var\(--gray-a11\);/.test(OURS)).toBe(true);
  });

  it.each(COLOURS)("%s: accent text on white, the page's grey and the soft fills", (color) => {
    const backgrounds = { white: WHITE, page: PAGE, soft: over(token(`${color}-a3`), WHITE), softHover: over(token(`${color}-a4`), WHITE), softOnPage: over(token(`${color}-a4`), PAGE) };
    const text = accentText(color);
    const short = Object.entries(backgrounds).filter(([, bg]) => ratio(text, bg) < AA).map(([name, bg]) => `${name} ${ratio(text, bg).toFixed(2)}`);
    expect(short).toEqual([]);
  });

  it.each(COLOURS)("%s: the solid button's text on its fill", (color) => {
    const text = TOKENS.has(`${color}-contrast`) ? token(`${color}-contrast`) : WHITE;
    expect(ratio(text, solidFill(color))).toBeGreaterThanOrEqual(AA);
  });

  it("without the overrides, Radix's own step 11 and white on step 9 fall short for some colours (what the test guards)", () => {
    const short = COLOURS.filter((c) => ratio(token(`${c}-11`), over(token(`${c}-a4`), PAGE)) < AA || ratio(WHITE, token(`${c}-9`)) < AA);
    expect(short.length).toBeGreaterThan(5);
  });
});
