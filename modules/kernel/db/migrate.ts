import type { Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";

/** Migrations are kept in code, as a name-sorted record, so tsx, vitest and the Remix build all load them. */
export type MigrationSet = Record<string, Migration>;

class InCodeProvider implements MigrationProvider {
  constructor(private readonly migrations: MigrationSet) {}
  async getMigrations() {
    return this.migrations;
  }
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>, migrations: MigrationSet): Promise<string[]> {
  // each module's migrations stand alone (their own tables, their own prefix): one added below a number a
  // database has already run (a kernel migration after the projections' ones) still runs there
  const migrator = new Migrator({ db, provider: new InCodeProvider(migrations), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed ? `'${failed.migrationName}' ` : ""}failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
