import { randomBytes } from "node:crypto";
import pg from "pg";
import { parseEnv, quoteIdent } from "../../modules/kernel";
import { testServices } from "./services";

/**
 * The demo seed, once per test run. Seeding the demo data (argon2 hashes of the demo accounts, a few
 * thousand events, their projections) takes about 7 s, and nearly every app a test starts wants it. The
 * first app of a run seeds a template database, projects it fully and stops; every app after that starts
 * from a copy (CREATE DATABASE ... TEMPLATE, well under a second), and its own seed step sees a store that
 * is not empty and leaves it alone. The run is named by ROLLCALL_TEST_RUN (vitest.config.ts sets it, so
 * the workers of one run share the template); a process without it makes a template of its own.
 * Templates of runs older than TEMPLATE_MAX_AGE_MS are dropped when a new one is made.
 */
const TEMPLATE_PREFIX = "rollcall_tpl_";
const TEMPLATE_MAX_AGE_MS = 3 * 60 * 60 * 1000;

let processRun: string | null = null;
function runId(): string {
  const fromEnv = process.env.ROLLCALL_TEST_RUN;
  if (fromEnv && /^[a-z0-9]{4,40}$/.test(fromEnv)) return fromEnv;
  // as vitest.config.ts names a run: its start time in base 36 (old templates are told by it), a random tail
  processRun ??= `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  return processRun;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL((await testServices()).databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function exists(client: pg.Client, name: string): Promise<boolean> {
  return Boolean((await client.query("select 1 from pg_database where datname = $1", [name])).rowCount);
}

/** Seeds and projects `name` with the whole app in this process, then stops it (no connection stays). */
async function buildTemplate(name: string): Promise<void> {
  // imported here: only the process that builds the template loads the app
  const [{ startRollcall }, { freePort }, { waitForProjections }] = await Promise.all([
    import("../../runtime/start"),
    import("../e2e/harness"),
    import("./in-process-app"),
  ]);
  const services = await testServices();
  const url = new URL(services.databaseUrl);
  url.pathname = `/${name}`;
  const port = await freePort();
  const app = await startRollcall(
    parseEnv({ DATABASE_URL: url.toString(), REDIS_URL: services.redisUrl, PORT: String(port), HOST: "127.0.0.1", ROLE: "all", SEED_DEMO: "1", NODE_ENV: "test", LOG_LEVEL: "warn", PROJECTION_POLL_MS: "50" }),
  );
  try {
    await waitForProjections(`http://127.0.0.1:${port}`, 60_000);
  } finally {
    await app.stop();
  }
}

async function dropOldTemplates(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${TEMPLATE_PREFIX}%`]);
  for (const { datname } of rows) {
    const started = parseInt(datname.slice(TEMPLATE_PREFIX.length, TEMPLATE_PREFIX.length + 8), 36);
    if (Number.isFinite(started) && Date.now() - started > TEMPLATE_MAX_AGE_MS) {
      await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`).catch(() => undefined);
    }
  }
}

/** The run's seeded template, made by the first caller of the run (the others wait on an advisory lock). */
async function seededTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${runId()}`;
  return withAdmin(async (client) => {
    if (await exists(client, name)) return name;
    await client.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      if (await exists(client, name)) return name;
      await dropOldTemplates(client);
      // built under another name and renamed when done: a template that exists is a whole one
      const building = `${name}_b`;
      await client.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await client.query(`create database ${quoteIdent(building)}`);
      await buildTemplate(building);
      await client.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
      return name;
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
}

/** Creates the database of `databaseUrl` as a copy of the run's demo-seeded, fully projected template. */
export async function createSeededDatabase(databaseUrl: string): Promise<void> {
  const template = await seededTemplate();
  const target = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await withAdmin(async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdent(target)} template ${quoteIdent(template)}`);
        return;
      } catch (error) {
        // 55006: another session is still connected to the template (its builder closing its last connection)
        if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
}
