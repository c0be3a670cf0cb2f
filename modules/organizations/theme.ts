/**
 * The organization colour themes (spec-1 sections 1 and 9): 18 main colours, default purple #95358F.
 * Each maps to the nearest accent colour of @radix-ui/themes (3.x); the names are spelled out here so
 * the domain does not depend on the UI library.
 */
export type RadixAccentColor =
  | "gray" | "gold" | "bronze" | "brown" | "yellow" | "amber" | "orange" | "tomato" | "red" | "ruby" | "crimson"
  | "pink" | "plum" | "purple" | "violet" | "iris" | "indigo" | "blue" | "cyan" | "teal" | "jade" | "green"
  | "grass" | "lime" | "mint" | "sky";

export type ThemeColor = { name: string; hex: string; accent: RadixAccentColor };

export const THEME_COLORS = [
  { name: "purple", hex: "#95358F", accent: "plum" },
  { name: "violet", hex: "#6E56CF", accent: "violet" },
  { name: "indigo", hex: "#3E63DD", accent: "indigo" },
  { name: "blue", hex: "#0090FF", accent: "blue" },
  { name: "sky", hex: "#4CB8E6", accent: "sky" },
  { name: "cyan", hex: "#00A2C7", accent: "cyan" },
  { name: "teal", hex: "#12A594", accent: "teal" },
  { name: "green", hex: "#30A46C", accent: "green" },
  { name: "lime", hex: "#8DB600", accent: "lime" },
  { name: "yellow", hex: "#F5C400", accent: "yellow" },
  { name: "amber", hex: "#FFB224", accent: "amber" },
  { name: "orange", hex: "#F76B15", accent: "orange" },
  { name: "coral", hex: "#E54D2E", accent: "tomato" },
  { name: "red", hex: "#D92D20", accent: "red" },
  { name: "crimson", hex: "#E93D82", accent: "crimson" },
  { name: "pink", hex: "#D6409F", accent: "pink" },
  { name: "brown", hex: "#AD7F58", accent: "brown" },
  { name: "slate", hex: "#5F6B7A", accent: "gray" },
] as const satisfies readonly ThemeColor[];

export type ThemeColorName = (typeof THEME_COLORS)[number]["name"];
export type ThemeColorHex = (typeof THEME_COLORS)[number]["hex"];

export const DEFAULT_MAIN_COLOR = "#95358F" satisfies ThemeColorHex;
export const DEFAULT_ACCENT_COLOR: RadixAccentColor = "plum";

const byHex = new Map<string, ThemeColor>(THEME_COLORS.map((c) => [c.hex, c]));

/** The theme colour with this hex (any case), or undefined when it is not one of the 18. */
export const themeColorOf = (hex: string): ThemeColor | undefined => byHex.get(hex.trim().toUpperCase());

export const isThemeColor = (hex: string): boolean => themeColorOf(hex) !== undefined;

const rgbOf = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/**
 * The radix accent colour for a main colour: the theme colour's own accent, the accent of the nearest
 * theme colour for another #RRGGBB value, and the default's accent ('plum') for anything else.
 */
export function accentFor(hex: string): RadixAccentColor {
  const known = themeColorOf(hex);
  if (known) return known.accent;
  const rgb = rgbOf(hex);
  if (!rgb) return DEFAULT_ACCENT_COLOR;
  let best: ThemeColor = THEME_COLORS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const color of THEME_COLORS) {
    const [r, g, b] = rgbOf(color.hex)!;
    const distance = (r - rgb[0]) ** 2 + (g - rgb[1]) ** 2 + (b - rgb[2]) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [color, distance];
  }
  return best.accent;
}
