import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { FORMULA_TRIGGERS, csvFormatter, neutralizeCell, parseExportCsv, restoreCell } from "./csv";

/** Cell text rich in the characters that matter: triggers, quotes, separators, new lines (no NUL: fast-csv drops it, decision 015). */
const special = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "'", '"', ",", ";", " ", "a", "1", "é", "SUM(A1)", "|");
const cellText = fc.oneof(
  { weight: 3, arbitrary: fc.array(special, { maxLength: 12 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.replace(/\0/g, "")) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FORMULA_TRIGGERS, "'=", "''+", "'"), fc.string({ maxLength: 10 })).map(([a, b]) => (a + b).replace(/\0/g, "")) },
);
const rows = fc.array(fc.array(cellText, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 4 });

async function writeCsv(header: string[], data: string[][]): Promise<string> {
  const stream = csvFormatter(header);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    stream.on("data", (c: Buffer) => chunks.push(Buffer.from(c)));
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  await new Promise<void>((resolve, reject) => {
    Readable.from(data.map((r) => r.map(neutralizeCell)))
      .on("data", (r: string[]) => stream.write(r))
      .on("end", resolve)
      .on("error", reject);
  });
  stream.end();
  await done;
  return Buffer.concat(chunks).toString("utf8");
}

describe("formula neutralisation", () => {
  it("quotes a leading trigger and gives the text back", () => {
    expect(neutralizeCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(neutralizeCell("-5")).toBe("'-5");
    expect(neutralizeCell("@cmd")).toBe("'@cmd");
    expect(neutralizeCell("\tx")).toBe("'\tx");
    expect(neutralizeCell("'=1")).toBe("''=1");
    expect(neutralizeCell("O'Brien")).toBe("O'Brien");
    expect(neutralizeCell("'quoted'")).toBe("'quoted'");
    expect(neutralizeCell(null)).toBe("");
    expect(restoreCell("''=1")).toBe("'=1");
    expect(restoreCell("'quoted'")).toBe("'quoted'");
  });

  it("property (10,000 cases): no written cell starts with a trigger, and parsing the file back returns the text", async () => {
    await fc.assert(
      fc.asyncProperty(rows, async (data) => {
        const text = await writeCsv(["A", "B", "C"], data);
        // the raw cells, as a spreadsheet sees them (quotes removed, nothing restored)
        const body = text.slice(1);
        const raw: string[][] = [];
        await new Promise<void>((resolve, reject) => {
          void import("@fast-csv/parse").then(({ parseString }) =>
            parseString<string[], string[]>(body, { headers: false })
              .on("data", (r: string[]) => raw.push(r))
              .on("error", reject)
              .on("end", () => resolve()),
          );
        });
        for (const row of raw) for (const cell of row) expect(FORMULA_TRIGGERS.some((t) => cell.startsWith(t))).toBe(false);
        const parsed = await parseExportCsv(text);
        expect(parsed).toEqual([["A", "B", "C"], ...data]);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
