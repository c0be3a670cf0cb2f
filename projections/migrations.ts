import { kernelMigrations, type MigrationSet } from "../modules/kernel";
import { eventStatsMigration } from "./event-stats";
import { identityMigration } from "./identity";
import { organizationsMigration } from "./organizations";

/** Every migration of the app, kernel first; names sort into the order they run. */
export const allMigrations: MigrationSet = {
  ...kernelMigrations,
  "0100-projection-event-stats": eventStatsMigration,
  "0200-projection-organizations": organizationsMigration,
  "0300-projection-identity": identityMigration,
};
