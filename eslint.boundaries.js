/**
 * The house's boundaries as lint (docs/decisions/033), spread into eslint.config.js:
 *   1. A projection owns its tables: only projections/<ctx>/ names its rm_* tables (the ones its tables.ts
 *      declares); everyone else, workers included, calls its query functions. A read across two contexts
 *      in one statement is allowed only in the files listed in CROSS_CONTEXT_READS, each with its reason.
 *   2. Imports go through a context's public face: a module's or projection's index.ts; for browser code a
 *      module's client.ts; the kernel's index and its parts kept apart from it (live: socket.io, queues:
 *      BullMQ). modules never import app, runtime or workers; projections never import app, runtime or
 *      workers; workers never import app or runtime.
 * Core rules only (no-restricted-syntax; typescript-eslint's no-restricted-imports, the core rule with
 * `allowTypeImports`). Each block below sets these two rules for its files: a later block replaces an
 * earlier one's options for the files both match, so every set of files gets its whole list in one block.
 * Test files (test/**, *.test.ts) are outside rule 1: they look at the read models to check them.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = "**/*.{js,mjs,cjs,ts,tsx}";
const TESTS = ["test/**", "**/*.test.{ts,tsx}"];

/* ---------- 1. table ownership ---------- */

/**
 * Each projection's tables, as its tables.ts declares them (`rm_name: {`): the owner of a table is the projection declaring it.
 * @returns {Record<string, string[]>}
 */
export function tablesByProjection() {
  const dir = path.join(root, "projections");
  /** @type {Record<string, string[]>} */
  const owned = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, "tables.ts");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    owned[entry.name] = [...readFileSync(file, "utf8").matchAll(/^\s*(rm_\w+)\s*:/gm)].map((m) => m[1]);
  }
  return owned;
}

/**
 * The reads across two contexts' tables, each in one statement for speed and kept in one file only.
 * file (from the repository root) -> the other contexts' tables it names, and why.
 */
export const CROSS_CONTEXT_READS = {
  "projections/participants/assigned.ts": {
    tables: ["rm_program_registrations", "rm_programs"],
    why: "'View assigned only': the participants registered in a program the viewer coaches, as a condition of the list and detail queries (decision 065)",
  },
  "projections/participants/export-rows.ts": {
    tables: ["rm_flags"],
    why: "the participant export's 'Flagged' column, inside the streamed statement (decision 014)",
  },
  "projections/programs/report-queries.ts": { tables: ["rm_participants"], why: "the program summary's mean age: a page's registrants' dates of birth in one light statement (decision 054)" },
  "projections/check-in/queries.ts": { tables: ["rm_assets"], why: "the board's photos in the board query (the check-in hot path, decision 018)" },
  "projections/check-in/board-writes.ts": { tables: ["rm_assets"], why: "a new board row carries the participant's photo time, read in the projection's own transaction" },
  "projections/assets/photo.ts": { tables: ["rm_participants"], why: "a participant's photo: the participant (organization check) and the asset row in one statement" },
  "projections/flags/queries.ts": { tables: ["rm_participants"], why: "the flag lists carry the participant's name and Member ID (ids differ in type: uuid and text)" },
  "projections/notes/queries.ts": { tables: ["rm_users", "rm_user_groups"], why: "'Who can see this note?' is decided in SQL on the viewer's group; authors' and groups' names" },
  "projections/screening/queries.ts": { tables: ["rm_participants"], why: "'Not screened today': the active participants without a filled screening (a LEFT JOIN)" },
  "projections/waivers/queries.ts": { tables: ["rm_participants"], why: "a waiver with its participant's organization and parent (a waiver row has neither)" },
  "projections/participants/queries.ts": { tables: ["rm_assets", "rm_guardians"], why: "each listed participant's photo in the same query (a LEFT JOIN on the asset's primary key, no N+1; decision 023); a family's children by their guardian links (decision 064)" },
  "projections/identity/guardian-queries.ts": { tables: ["rm_participants"], why: "the parents' list with their children's names and the search over them, and a child's organization for a link (decision 064)" },
  "projections/identity/guardians-migration.ts": { tables: ["rm_participants"], why: "the guardians' backfill: each participant's registered parent copied once (decision 064)" },
  "projections/surveys/queries.ts": { tables: ["rm_participants"], why: "a survey report's page of participants: their names and fields beside their answers in one paged statement (decision 074)" },
  "projections/surveys/evaluation-queries.ts": { tables: ["rm_participants"], why: "the pre/post evaluation's page of members, by name, in one paged statement (decision 105)" },
  "projections/identity/session-auth.ts": { tables: ["rm_organizations"], why: "every request's session, user, group and organization in one statement (the auth hot path)" },
  "projections/identity/user-auth.ts": { tables: ["rm_organizations"], why: "an API key's creator, group and organization in one statement, as the session lookup (decision 078)" },
  "projections/announcements/audience.ts": {
    tables: ["rm_users", "rm_user_groups", "rm_participants", "rm_program_registrations", "rm_appointment_registrations", "rm_flags", "rm_programs", "rm_appointment_events"],
    why: "an announcement's audience (groups, programs' and events' registrants, flagged members, people) resolved to active accounts in one statement, its live count the same statement counted (decision 088)",
  },
  "projections/announcements/queries.ts": {
    tables: ["rm_users", "rm_thread_members"],
    why: "an announcement's deliveries with each recipient's name and, for INTERNAL, whether the inbox copy was read (decision 089)",
  },
  "projections/messages/queries.ts": {
    tables: ["rm_users", "rm_user_groups", "rm_participants", "rm_guardians"],
    why: "the inbox's safeguarding facts (level, date of birth, guardians) for a message's people in one statement, and the names beside conversations and messages (decision 073)",
  },
};

const TABLE_MESSAGE = "Only projections/<ctx>/ names its rm_* tables: call the owning projection's query function (docs/decisions/033).";

/** no-restricted-syntax selectors for string literals, template parts and identifiers naming an rm_* table other than `allowed`. */
function tableSelectors(allowed, message) {
  const others = allowed.length ? `\\brm_(?!(${allowed.map((t) => t.slice(3)).join("|")})(_\\w*)?\\b)` : "\\brm_";
  const identifier = allowed.length ? `^rm_(?!(${allowed.map((t) => t.slice(3)).join("|")})(_\\w*)?$)` : "^rm_";
  return [
    { selector: `Literal[value=/${others}/]`, message },
    { selector: `TemplateElement[value.raw=/${others}/]`, message },
    { selector: `Identifier[name=/${identifier}/]`, message },
  ];
}

/**
 * @param {object[]} extra further no-restricted-syntax selectors every block carries (the role-level names of
 *   decision 031): one rule has one list per file, so the lists are joined here rather than in later blocks
 */
/** The table rule's selectors for a file outside every projection. */
export const tableSelectorsOutsideProjections = tableSelectors([], TABLE_MESSAGE);

function tableOwnershipBlocks(extra = []) {
  const owned = tablesByProjection();
  const blocks = [
    { files: [SOURCE], ignores: ["projections/**", "eslint.boundaries.js", ...TESTS], rules: { "no-restricted-syntax": ["error", ...tableSelectors([], TABLE_MESSAGE)] } },
    // the projections' shared files (runner, registry, read-models) own no table
    { files: ["projections/*.{js,ts}", "projections/runner/**"], ignores: TESTS, rules: { "no-restricted-syntax": ["error", ...tableSelectors([], TABLE_MESSAGE)] } },
  ];
  for (const [context, tables] of Object.entries(owned)) {
    const message = `projections/${context}/ owns ${tables.join(", ")}: read another context's table through its projection's query functions, or list a needed join in CROSS_CONTEXT_READS (eslint.boundaries.js, docs/decisions/033).`;
    blocks.push({ files: [`projections/${context}/**`], ignores: TESTS, rules: { "no-restricted-syntax": ["error", ...tableSelectors(tables, message)] } });
  }
  for (const [file, { tables }] of Object.entries(CROSS_CONTEXT_READS)) {
    const context = file.split("/")[1];
    const allowed = [...(owned[context] ?? []), ...tables];
    const message = `${file} may name ${allowed.join(", ")} (its own and its listed cross-context reads, docs/decisions/033).`;
    blocks.push({ files: [file], rules: { "no-restricted-syntax": ["error", ...tableSelectors(allowed, message)] } });
  }
  // app and workers build no SQL at all (any table, rm_* or not: checkpoints, the mail outbox, sessions)
  const QUERY_MESSAGE = "app/ and workers/ build no SQL: call the owning projection's (or module's) query function (docs/decisions/033).";
  blocks.push({
    files: ["app/**", "workers/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-syntax": [
        "error",
        ...tableSelectors([], TABLE_MESSAGE),
        { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]", message: QUERY_MESSAGE },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
      ],
    },
  });
  for (const block of blocks) block.rules["no-restricted-syntax"].push(...extra);
  return blocks;
}

/* ---------- 2. import boundaries ---------- */

/** A context's faces: its index (folder or index file), its client.ts (browser-safe), and the kernel's live and queues parts. */
const FACE = "(index|client)(\\.[jt]sx?)?$";
const KERNEL_PARTS = "kernel/(live|queues)(/index)?(\\.[jt]sx?)?$";
const intoModule = { regex: `(^|/|#)modules/(?!${KERNEL_PARTS})[^/]+/(?!${FACE}).+`, message: "Import a module through its index.ts (browser code: its client.ts), never its internals (docs/decisions/033)." };
const intoModuleIndexOnly = { regex: `(^|/|#)modules/(?!${KERNEL_PARTS})[^/]+/(?!index(\\.[jt]sx?)?$).+`, message: "Import a module through its index.ts, never its internals (docs/decisions/033)." };
const intoProjection = { regex: "(^|/|#)projections/[^/]+/(?!index(\\.[jt]sx?)?$).+", message: "Import a projection through its index.ts, never its internals (docs/decisions/033)." };
/** The projections' shared files (read-models, registry, migrations): reached through projections/index.ts. */
const sharedProjectionFiles = readdirSync(path.join(root, "projections"))
  .filter((name) => /\.[jt]s$/.test(name) && !/^index\./.test(name))
  .map((name) => name.replace(/\.[jt]s$/, ""));
const intoProjectionsShared = { regex: `(^|/)projections/(${sharedProjectionFiles.join("|")})(\\.[jt]sx?)?$`, message: "Import the projections' shared files through projections/index.ts (docs/decisions/033)." };
/**
 * app/ names the domain by its package import (`#modules/<ctx>`, `#modules/<ctx>/client`, `#projections/<ctx>`,
 * package.json "imports"): the Remix build leaves such imports out of its bundle, so the process loads
 * modules/ and projections/ once, for the server and the build alike (docs/decisions/034).
 */
const domainByPath = { regex: "^(\\.\\./)+(modules|projections)(/|$)", message: "app/ names the domain as #modules/<ctx>, #modules/<ctx>/client or #projections/<ctx>, never by a relative path: the Remix build would bundle a second copy (docs/decisions/034)." };
/**
 * Browser code (app/components) names a module's index or a projection only for types: the browser build
 * gets an empty module for them (package.json "imports", "browser": app/server-only.cjs), so a value
 * imported that way would be undefined in the browser. Values come from `#modules/<ctx>/client`.
 */
const serverOnlyInBrowser = {
  regex: "^#(modules/[^/]+|projections(/[^/]+)?)$",
  allowTypeImports: true,
  message: "Browser code imports a module's index or a projection for types only (the browser build leaves them empty); values come from #modules/<ctx>/client (docs/decisions/034).",
};
const layer = (name, who) => ({ regex: `(^|/)${name}(/|$)`, message: `${who} never import ${name}/ (docs/decisions/033).` });
const appAlias = (who) => ({ regex: "^~/", message: `${who} never import app/ (docs/decisions/033).` });

/** From a file `depth` folders inside its context (modules/<ctx>/x.ts is 1): a sibling context's internals, written relatively. */
const siblingInternals = (depth, kind, isModule) => ({
  regex: `^(\\.\\./){${depth}}${isModule ? `(?!${KERNEL_PARTS})` : ""}[^/.][^/]*/(?!${isModule ? FACE : "index(\\.[jt]sx?)?$"}).+`,
  message: `Import another ${kind} through its index.ts${isModule ? " (a client.ts: through the other's client.ts)" : ""}, never its internals (docs/decisions/033).`,
});

const restrict = (...patterns) => ["error", { patterns }];
const RULE = "@typescript-eslint/no-restricted-imports";

function importBlocks() {
  const blocks = [
    // app: the web face; a module's index or client.ts, a projection's index; never runtime or workers
    { files: ["app/**"], rules: { [RULE]: restrict(domainByPath, intoModule, intoProjection, intoProjectionsShared, layer("runtime", "app files"), layer("workers", "app files")) } },
    // app/components: browser code, the domain's values only through client.ts
    { files: ["app/components/**"], rules: { [RULE]: restrict(domainByPath, intoModule, intoProjection, intoProjectionsShared, serverOnlyInBrowser, layer("runtime", "app files"), layer("workers", "app files")) } },
    // runtime (and scripts, server.ts): wiring; anything's index (the load context's type is app's: a type import)
    {
      files: ["runtime/**", "scripts/**", "server.ts"],
      rules: { [RULE]: restrict(intoModuleIndexOnly, intoProjection, intoProjectionsShared, { regex: "(^|/)workers/[^/]+/(?!index(\\.[jt]sx?)?$).+", message: "Import a worker through its index.ts (docs/decisions/033)." }, { ...layer("app", "runtime files"), allowTypeImports: true }) },
    },
    // workers: modules' and projections' index only
    {
      files: ["workers/**"],
      rules: { [RULE]: restrict(intoModuleIndexOnly, intoProjection, intoProjectionsShared, layer("app", "workers"), appAlias("workers"), layer("runtime", "workers")) },
    },
  ];
  // modules and projections: never app, runtime or workers; other contexts through their index (relative paths, by depth)
  for (let depth = 1; depth <= 4; depth++) {
    const files = (top) => [`${top}/*/${"*/".repeat(depth - 1)}*.{js,ts,tsx}`];
    blocks.push({
      files: files("modules"),
      rules: { [RULE]: restrict(siblingInternals(depth, "module", true), intoProjection, intoProjectionsShared, layer("app", "modules"), appAlias("modules"), layer("runtime", "modules"), layer("workers", "modules")) },
    });
    blocks.push({
      files: files("projections"),
      rules: { [RULE]: restrict(siblingInternals(depth, "projection", false), intoModuleIndexOnly, layer("app", "projections"), appAlias("projections"), layer("runtime", "projections"), layer("workers", "projections")) },
    });
  }
  // the projections' shared files (index, registry, read-models): never app, runtime or workers
  blocks.push({ files: ["projections/*.{js,ts}"], rules: { [RULE]: restrict(intoModuleIndexOnly, layer("app", "projections"), appAlias("projections"), layer("runtime", "projections"), layer("workers", "projections")) } });
  return blocks;
}

/**
 * The boundary blocks; `extraSyntax`: no-restricted-syntax selectors to keep beside the table rule in every
 * file it covers (eslint.config.js passes the role-level rule of decision 031).
 */
export const boundariesWith = (extraSyntax = []) => [...tableOwnershipBlocks(extraSyntax), ...importBlocks()];
export const boundaries = boundariesWith();
