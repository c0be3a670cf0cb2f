import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE } from "#modules/organizations/client";

/**
 * The signed-in organization's time zone, as the root loader hands it to the browser (decision 032):
 * the check-in screens take "today" and its bounds in it, not in the device's zone.
 */
export function useTimeZone(): string {
  const data = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}
