import { flaggedMembers } from "#projections/flags";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";

/** /user/flagged (Flagged Members): the organization's members with an active flag, newest first. */
export const flaggedMembersOf = (services: AppServices, auth: Auth) => flaggedMembers(services.db, auth.organization.id);
