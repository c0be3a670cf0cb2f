import type { Kysely, Selectable } from "kysely";
import { readStoredSettings } from "../../modules/organizations";
import type { OrganizationTables } from "./tables";

export type OrganizationRow = Selectable<OrganizationTables["rm_organizations"]>;
export type OrganizationSummary = Pick<OrganizationRow, "id" | "name" | "type" | "main_color" | "updated_at">;

/** Any read-model handle that holds the organization tables (Kysely's types are not covariant). */
const tables = <DB extends OrganizationTables>(db: Kysely<DB>) => db as unknown as Kysely<OrganizationTables>;

/**
 * One organization's row, settings included (the report's secret value too: pass the settings through
 * `withoutSecrets` before they reach a page that is not the settings page), or undefined. A row written
 * before the time zone setting existed reads with the default zone.
 */
export async function getOrganization<DB extends OrganizationTables>(db: Kysely<DB>, id: string): Promise<OrganizationRow | undefined> {
  const row = await tables(db).selectFrom("rm_organizations").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { ...row, settings: readStoredSettings(row.settings) };
}

/** Every organization by name, without settings. */
export const listOrganizations = <DB extends OrganizationTables>(db: Kysely<DB>): Promise<OrganizationSummary[]> =>
  tables(db)
    .selectFrom("rm_organizations")
    .select(["id", "name", "type", "main_color", "updated_at"])
    .orderBy((eb) => eb.fn("lower", ["name"]))
    .orderBy("id")
    .execute();
