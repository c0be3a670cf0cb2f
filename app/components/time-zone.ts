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

/**
 * The organization's day [start, end) as the server drew it when it rendered the page (decision 135): a
 * component's first render takes it, so hydration shows what the server showed even where the browser's
 * time-zone rules differ from the server's; an effect then moves to the browser's own reckoning.
 */
export function useRenderedDay(): { start: string; end: string } | null {
  const data = useRouteLoaderData("root") as { renderedDay?: { start: string; end: string } } | undefined;
  return data?.renderedDay ?? null;
}
