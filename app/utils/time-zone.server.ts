import { DEFAULT_TIME_ZONE, timeZoneOf } from "#modules/organizations";
import type { Auth } from "./auth.server";

/** The signed-in organization's time zone (its settings in the read model), the default one when signed out (decision 032). */
export const organizationTimeZone = (auth: Pick<Auth, "organization"> | null): string => (auth ? timeZoneOf(auth.organization.settings) : DEFAULT_TIME_ZONE);
