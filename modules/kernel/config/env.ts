import { existsSync } from "node:fs";
import { z } from "zod";

/** Where Debian's PostgreSQL listens on its Unix socket. */
const LOCAL_SOCKET_DIR = "/var/run/postgresql";

/**
 * The local database: over PostgreSQL's Unix socket when the machine has one (a query costs about a quarter
 * less CPU than over loopback TCP, measured on this machine; docs/decisions/018), else 127.0.0.1:5432.
 */
export function defaultDatabaseUrl(socketExists: (path: string) => boolean = existsSync): string {
  return socketExists(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`) ? `postgres://postgres@localhost/rollcall?host=${LOCAL_SOCKET_DIR}` : "postgres://postgres@127.0.0.1:5432/rollcall";
}

const port = z.coerce
  .number({ error: "must be a port number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`);

/** The one schema of the process environment. Every variable has a working local default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).default(defaultDatabaseUrl),
  // a read replica of the read models (decision 124): when set, the web's read-model queries go there; the
  // event store, sessions and the projector stay on DATABASE_URL
  READ_DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(url(["postgres:", "postgresql:"]).optional()),
  REDIS_URL: url(["redis:", "rediss:"]).default("redis://127.0.0.1:6379"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  EVENTSTORE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(url(["esdb:", "esdb+discover:"]).optional()),
  ROLE: z.enum(["all", "web", "projector", "worker"]).default("all"),
  // demo data goes into an empty store when not in production; "1" forces it, "0" never seeds
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(1000),
  PROJECTION_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // where stored files (exports, later uploads) live on disk; relative paths are from the working directory
  STORAGE_DIR: z.string().trim().min(1).default("./data/storage"),
  // how long an export job's lock lasts without renewal (ms); a worker that died mid-export is noticed after about twice this
  EXPORT_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // how often each live socket's session is checked again (ms); at most a minute (decision 029), shorter in tests
  LIVE_RECHECK_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  // the mail server (decision 059): unset keeps every message in the local outbox (/dev/mail outside production)
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(url(["smtp:", "smtps:"]).optional()),
  // API keys (decision 078): calls per key per minute
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // webhooks (decision 079): hosts or CIDR ranges deliveries may reach although private, loopback or link-local (comma-separated)
  WEBHOOK_ALLOW_HOSTS: z.string().trim().default(""),
  // a PEM file of extra certificate authorities outbound deliveries trust (a private receiver's own CA)
  WEBHOOK_CA_FILE: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  // the first retry's delay (ms); each later one doubles, 14 tries spread over about 25 hours by default
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(11_000),
  // /help's external support form (decision 099): opened in the same window; unset, /help says whom to ask
  SUPPORT_FORM_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(url(["https:"]).optional()),
  // Twilio for text messages (decisions 089, 108): with TWILIO_ACCOUNT_SID and TWILIO_FROM the worker sends through it;
  // the web process checks its status callbacks' signatures with the token. Unset: the embedded SMS outbox
  TWILIO_AUTH_TOKEN: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  // the sender of every message (the organization's name is its display name)
  MAIL_FROM: z.string().trim().pipe(z.email("must be an e-mail address")).default("no-reply@rollcall.example"),
  // the address people reach the app at, for the links in e-mail (decision 059); default http://localhost:PORT
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined))
    .pipe(url(["http:", "https:"]).optional()),
});

/** The app's public address (no trailing slash): PUBLIC_URL, or this machine's port. */
export const publicUrlOf = (env: Pick<Env, "PUBLIC_URL" | "PORT">): string => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid environment:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`,
    );
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses the environment; throws an error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    // an empty value means "use the default", as shells often export empty variables
    input[key] = value === "" ? undefined : value;
  }
  const result = envSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? "environment");
    const given = source[variable];
    return { variable, message: `${issue.message}${given === undefined ? "" : ` (got '${given}')`}` };
  });
  throw new InvalidEnvironmentError(problems);
}
