import type { KernelTables } from "../modules/kernel";
import type { EventStatsTables } from "./event-stats";
import type { IdentityTables } from "./identity";
import type { OrganizationTables } from "./organizations";

/** Every read-model table, as Kysely sees them. */
export type ReadModels = KernelTables & EventStatsTables & OrganizationTables & IdentityTables;
