import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { CROSS_CONTEXT_READS, tablesByProjection } from "../../eslint.boundaries.js";

/**
 * The house's boundaries (docs/decisions/033) are lint rules run by `npm run lint`; these tests feed the
 * project's own ESLint configuration deliberate violations (and allowed code) at paths of the tree.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const TABLES = "no-restricted-syntax";
const IMPORTS = "@typescript-eslint/no-restricted-imports";

/** The boundary errors (the two rules' ids and messages) the code gets at that path. */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.severity === 2 && (m.ruleId === TABLES || m.ruleId === IMPORTS)).map((m) => ({ rule: m.ruleId, message: m.message }));
}
const rules = (errors: { rule: string | null }[]) => errors.map((e) => e.rule);

describe("a projection owns its tables", () => {
  it("refuses an app file querying rm_users, and names the way out", async () => {
    const errors = await lint("app/utils/violation.server.ts", `export const groupOf = (db: any, id: string) => db.selectFrom("rm_users").select("user_group_id").where("id", "=", id).executeTakeFirst();\n`);
    // the table's name, and the query built in app/
    expect(rules(errors)).toEqual([TABLES, TABLES]);
    expect(errors.map((e) => e.message)).toEqual(expect.arrayContaining([expect.stringContaining("Only projections/<ctx>/ names its rm_* tables"), expect.stringContaining("build no SQL")]));
  });

  it("refuses SQL built in app/ or workers/ on any table (checkpoints, the mail outbox), by builder or sql template", async () => {
    const checkpoint = await lint("app/utils/violation.server.ts", `export const at = (db: any) => db.selectFrom("projection_checkpoints").select("position").executeTakeFirst();
`);
    expect(rules(checkpoint)).toEqual([TABLES]);
    const outbox = await lint("workers/violation.ts", `import { sql } from "kysely";
export const send = (db: any) => db.insertInto("mail_outbox").values({}).execute();
export const q = sql\`select 1\`;
`);
    expect(rules(outbox)).toEqual([TABLES, TABLES]);
  });

  it("refuses a worker's SQL text naming a read model, and a table named as a type or an identifier", async () => {
    const sql = await lint("workers/exports/violation.ts", "export const text = `select p.id from rm_participants p where p.organization_id = $1`;\n");
    expect(rules(sql)).toEqual([TABLES]);
    const typed = await lint("runtime/violation.ts", `import type { ReadModels } from "../projections";\nexport type Row = ReadModels["rm_check_ins"];\nexport const rm_flags = 1;\n`);
    expect(rules(typed)).toEqual([TABLES, TABLES]);
    const moduleFile = await lint("modules/notes/violation.ts", `export const table = "rm_notes";\n`);
    expect(rules(moduleFile)).toEqual([TABLES]);
  });

  it("accepts the same read through the projection's query function", async () => {
    const errors = await lint("app/utils/allowed.server.ts", `import { userGroupIdOf } from "#projections/identity";\nexport const groupOf = (db: any, id: string) => userGroupIdOf(db, id);\n`);
    expect(errors).toEqual([]);
  });

  it("lets a projection name its own tables and refuses another context's", async () => {
    expect(await lint("projections/notes/allowed.ts", `export const q = (db: any) => db.selectFrom("rm_notes").innerJoin("rm_note_comments", "a", "b");\n`)).toEqual([]);
    const errors = await lint("projections/notes/violation.ts", `export const q = (db: any) => db.selectFrom("rm_participants").selectAll();\n`);
    expect(rules(errors)).toEqual([TABLES]);
    expect(errors[0]!.message).toContain("projections/notes/ owns rm_notes, rm_note_comments");
    // the shared runner owns no table
    expect(rules(await lint("projections/runner/violation.ts", "export const t = `truncate rm_users`;\n"))).toEqual([TABLES]);
  });

  it("allows a listed cross-context read in its file only", async () => {
    const join = `export const q = (db: any) => db.selectFrom("rm_participants").leftJoin("rm_assets", "a", "b");\n`;
    expect(await lint("projections/participants/queries.ts", join)).toEqual([]);
    expect(rules(await lint("projections/participants/projection.ts", join))).toEqual([TABLES]);
    expect(rules(await lint("projections/participants/queries.ts", `export const t = "rm_users";\n`))).toEqual([TABLES]);
  });

  it("leaves tests free to look at the read models", async () => {
    expect(await lint("test/integration/violation.int.test.ts", `export const t = "select * from rm_users";\n`)).toEqual([]);
  });

  it("knows each table's owner from the projections' tables.ts, and every listed cross-context read names another context's table", () => {
    const owned = tablesByProjection();
    expect(owned.identity).toEqual(expect.arrayContaining(["rm_users", "rm_user_groups"]));
    expect(owned.participants).toEqual(["rm_participants"]);
    const owners = new Map(Object.entries(owned).flatMap(([context, tables]) => tables.map((t) => [t, context] as const)));
    for (const [file, { tables }] of Object.entries(CROSS_CONTEXT_READS)) {
      for (const table of tables) {
        expect(owners.get(table), `${file}: ${table}`).toBeDefined();
        expect(owners.get(table), `${file}: ${table}`).not.toBe(file.split("/")[1]);
      }
    }
  });
});

describe("imports go through a context's public face", () => {
  it("refuses a route importing a module's internals, and accepts its index and client.ts", async () => {
    const errors = await lint("app/routes/x.tsx", `import { decide } from "#modules/notes/decide";\nexport const d = decide;\n`);
    expect(rules(errors)).toEqual([IMPORTS]);
    expect(errors[0]!.message).toContain("index.ts");
    expect(rules(await lint("app/routes/x.tsx", `import { checkAccess } from "#modules/identity/access";\nexport const c = checkAccess;\n`))).toEqual([IMPORTS]);
    const allowed = `import { handleNoteCommand } from "#modules/notes";\nimport { SCREENING_TEXT } from "#modules/screening/client";\nimport { DomainError } from "#modules/kernel";\nimport { listNotes } from "#projections/notes";\nexport const all = [handleNoteCommand, SCREENING_TEXT, DomainError, listNotes];\n`;
    expect(await lint("app/routes/x.tsx", allowed)).toEqual([]);
  });

  it("refuses app naming the domain by a relative path, which would bundle a second copy of it (decision 034)", async () => {
    const errors = await lint("app/routes/x.tsx", `import { handleNoteCommand } from "../../modules/notes";\nimport { listNotes } from "../../projections/notes";\nexport const all = [handleNoteCommand, listNotes];\n`);
    expect(rules(errors)).toEqual([IMPORTS, IMPORTS]);
    expect(errors[0]!.message).toContain("#modules/<ctx>");
  });

  it("refuses browser code importing a value from a module's index or a projection (the browser build leaves them empty), and accepts types", async () => {
    const errors = await lint("app/components/x.tsx", `import { exportsFor } from "#modules/exports";\nimport { listNotes } from "#projections/notes";\nexport const all = [exportsFor, listNotes];\n`);
    expect(rules(errors)).toEqual([IMPORTS, IMPORTS]);
    expect(errors[0]!.message).toContain("#modules/<ctx>/client");
    const allowed = `import type { ExportListItem } from "#modules/exports";\nimport type { NoteRow } from "#projections/notes";\nimport { SCREENING_TEXT } from "#modules/screening/client";\nexport type T = [ExportListItem, NoteRow];\nexport const s = SCREENING_TEXT;\n`;
    expect(await lint("app/components/x.tsx", allowed)).toEqual([]);
  });

  it("refuses app importing a projection's internals (even for types), workers or runtime", async () => {
    expect(rules(await lint("app/components/x.ts", `import type { NoteRow } from "#projections/notes/queries";\nexport type R = NoteRow;\n`))).toEqual([IMPORTS]);
    expect(rules(await lint("app/utils/x.server.ts", `import { enqueueExport } from "../../workers/exports";\nexport const e = enqueueExport;\n`))).toEqual([IMPORTS]);
    expect(rules(await lint("app/utils/x.server.ts", `import { openCoreServices } from "../../runtime/services";\nexport const o = openCoreServices;\n`))).toEqual([IMPORTS]);
  });

  it("refuses a module importing app, runtime, workers or another module's internals", async () => {
    const code = [
      `import { ADULT_PICK_UP } from "../participants/options";`,
      `import { commandIdOf } from "../../app/utils/idempotency.server";`,
      `import { toast } from "~/utils/toast.server";`,
      `import { openCoreServices } from "../../runtime/services";`,
      `import { startExportWorker } from "../../workers/exports";`,
      `export const all = [ADULT_PICK_UP, commandIdOf, toast, openCoreServices, startExportWorker];`,
    ].join("\n");
    expect(rules(await lint("modules/notes/violation.ts", code))).toEqual([IMPORTS, IMPORTS, IMPORTS, IMPORTS, IMPORTS]);
    // deeper in a module: its own folders are free, another module's internals are not
    expect(rules(await lint("modules/identity/access/violation.ts", `import { REQUEST_LIMITS } from "../../kernel/request-input";\nexport const r = REQUEST_LIMITS;\n`))).toEqual([IMPORTS]);
    const allowed = `import { hashPassword } from "../users/passwords";\nimport { DomainError } from "../../kernel";\nimport type { RollcallQueue } from "../../kernel/queues";\nimport { INDEPENDENT_TRAVEL } from "../../participants";\nexport type Q = RollcallQueue<unknown, unknown>;\nexport const all = [hashPassword, DomainError, INDEPENDENT_TRAVEL];\n`;
    expect(await lint("modules/identity/access/allowed.ts", allowed)).toEqual([]);
    // a module's browser-safe face composes another's
    expect(await lint("modules/check-in/client.ts", `export { INDEPENDENT_TRAVEL } from "../participants/client";\n`)).toEqual([]);
    expect(rules(await lint("modules/check-in/client.ts", `export { INDEPENDENT_TRAVEL } from "../participants/options";\n`))).toEqual([IMPORTS]);
  });

  it("lets a projection import modules' index for event types, and refuses internals, another projection's internals, app and runtime", async () => {
    expect(await lint("projections/flags/allowed.ts", `import type { FlagEvent } from "../../modules/flags";\nimport { CHECK_IN_TOPIC } from "../check-in";\nexport type E = FlagEvent;\nexport const t = CHECK_IN_TOPIC;\n`)).toEqual([]);
    const code = [
      `import type { FlagEvent } from "../../modules/flags/events";`,
      `import { CHECK_IN_TOPIC } from "../check-in/projection";`,
      `import type { AppServices } from "../../app/utils/load-context";`,
      `import type { CoreServices } from "../../runtime/services";`,
      `export type E = [FlagEvent, AppServices, CoreServices];`,
      `export const t = CHECK_IN_TOPIC;`,
    ].join("\n");
    expect(rules(await lint("projections/flags/violation.ts", code))).toEqual([IMPORTS, IMPORTS, IMPORTS, IMPORTS]);
  });

  it("lets workers import modules' and projections' index only, never runtime; runtime anything's index", async () => {
    expect(rules(await lint("workers/exports/violation.ts", `import type { CoreServices } from "../../runtime/services";\nimport type { ReadModels } from "../../projections/read-models";\nexport type T = [CoreServices, ReadModels];\n`))).toEqual([IMPORTS, IMPORTS]);
    expect(await lint("workers/exports/allowed.ts", `import type { ReadModels } from "../../projections";\nimport { exportsToExpire } from "../../projections/exports";\nimport { enqueueExport } from "../../modules/exports";\nexport type T = ReadModels;\nexport const all = [exportsToExpire, enqueueExport];\n`)).toEqual([]);
    expect(rules(await lint("runtime/violation.ts", `import { decide } from "../modules/notes/decide";\nimport { loadContext } from "../app/utils/load-context";\nexport const all = [decide, loadContext];\n`))).toEqual([IMPORTS, IMPORTS]);
    expect(await lint("runtime/allowed.ts", `import type { AppServices } from "../app/utils/load-context";\nimport { workerDefinitions } from "../workers";\nimport { createLivePublisher } from "../modules/kernel/live";\nexport type S = AppServices;\nexport const all = [workerDefinitions, createLivePublisher];\n`)).toEqual([]);
  });
});
