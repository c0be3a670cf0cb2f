import type { KernelTables } from "../modules/kernel";
import type { CheckInTables } from "./check-in";
import type { EventStatsTables } from "./event-stats";
import type { FlagTables } from "./flags";
import type { IdentityTables } from "./identity";
import type { OrganizationTables } from "./organizations";
import type { ParticipantTables } from "./participants";
import type { ProgramTables } from "./programs";
import type { WaiverTables } from "./waivers";

/** Every read-model table, as Kysely sees them. */
export type ReadModels = KernelTables & EventStatsTables & OrganizationTables & IdentityTables & ParticipantTables & CheckInTables & ProgramTables & WaiverTables & FlagTables;
