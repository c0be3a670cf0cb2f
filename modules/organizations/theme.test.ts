import { describe, expect, it } from "vitest";
import { accentFor, DEFAULT_MAIN_COLOR, isThemeColor, THEME_COLORS, themeColorOf } from "./theme";

describe("theme colours (spec-1 sections 1 and 9)", () => {
  it("has 18 distinct main colours, purple #95358F the default", () => {
    expect(THEME_COLORS).toHaveLength(18);
    expect(new Set(THEME_COLORS.map((c) => c.hex)).size).toBe(18);
    expect(new Set(THEME_COLORS.map((c) => c.name)).size).toBe(18);
    expect(DEFAULT_MAIN_COLOR).toBe("#95358F");
    expect(themeColorOf(DEFAULT_MAIN_COLOR)?.name).toBe("purple");
    for (const c of THEME_COLORS) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("maps each main colour to a radix accent, purple to plum", () => {
    expect(accentFor("#95358F")).toBe("plum");
    expect(accentFor("#95358f")).toBe("plum");
    expect(accentFor("#0090FF")).toBe("blue");
  });

  it("falls back to the nearest theme colour's accent, or plum for a non-colour", () => {
    expect(accentFor("#0091FE")).toBe("blue");
    expect(accentFor("#96348E")).toBe("plum");
    expect(accentFor("not a colour")).toBe("plum");
  });

  it("knows only the 18 as theme colours", () => {
    expect(isThemeColor(" #6e56cf ")).toBe(true);
    expect(isThemeColor("#123456")).toBe(false);
  });
});
