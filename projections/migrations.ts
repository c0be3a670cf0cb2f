import { kernelMigrations, type MigrationSet } from "../modules/kernel";
import { checkInMigration } from "./check-in";
import { eventStatsMigration } from "./event-stats";
import { flagsMigration } from "./flags";
import { identityMigration } from "./identity";
import { organizationsMigration } from "./organizations";
import { participantsMigration } from "./participants";
import { programsMigration } from "./programs";
import { waiversMigration } from "./waivers";

/** Every migration of the app, kernel first; names sort into the order they run. */
export const allMigrations: MigrationSet = {
  ...kernelMigrations,
  "0100-projection-event-stats": eventStatsMigration,
  "0200-projection-organizations": organizationsMigration,
  "0300-projection-identity": identityMigration,
  "0400-projection-participants": participantsMigration,
  "0500-projection-programs": programsMigration,
  "0600-projection-check-in": checkInMigration,
  "0700-projection-waivers": waiversMigration,
  "0800-projection-flags": flagsMigration,
};
