import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint block "role levels by name" (eslint.config.js, decision 031), shown refusing deliberate violations. */
const ROOT = resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });
const lint = async (code: string, file = "app/utils/example.server.ts") => {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line);
};

describe("role levels by name (lint)", () => {
  it("refuses a level compared with a bare number, either side, in a switch and in a query", async () => {
    const code = [
      "export const a = (auth: { user: { roleLevel: number } }) => auth.user.roleLevel === 7;",
      "export const b = (level: number) => 3 <= level;",
      "export const c = (row: { role_level: number | null }) => row.role_level !== 1;",
      "export const d = (q: { where: (a: string, b: string, c: number) => unknown }) => q.where(\"g.level\", \">=\", 2);",
      "export const e = (level: number) => { switch (level) { case 7: return 1; default: return 0; } };",
    ].join("\n");
    expect(await lint(code)).toEqual([1, 2, 3, 4, 5]);
  }, 30_000);

  it("lets names through, and numbers that are not levels", async () => {
    const code = [
      'import { isKiosk, LEVEL } from "../../modules/identity";',
      "export const a = (auth: { user: { roleLevel: number } }) => isKiosk(auth.user.roleLevel) || auth.user.roleLevel >= LEVEL.admin;",
      "export const b = (count: number) => count > 3;",
    ].join("\n");
    expect(await lint(code)).toEqual([]);
    // a test may say levels as numbers (it checks the names)
    expect(await lint("export const a = (level: number) => level === 7;", "modules/identity/access/example.test.ts")).toEqual([]);
  }, 30_000);
});
