/**
 * The participant page's tabs (docs/decisions/039), keyed in the URL as `?tab=`: shared by the loader,
 * which renders the tab asked for, and the page, which links to them. Points has no tab until points
 * exist. Pure: the browser imports it through `client.ts`.
 */
export const PROFILE_TABS = ["overview", "visits", "notes", "programs"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = { overview: "Overview", visits: "Visits", notes: "Notes", programs: "Programs" };

/** Visits per page on the Visits tab. */
export const VISITS_PAGE_SIZE = 10;

/** The tab a `?tab=` value names, among those the viewer has; anything else is the Overview. */
export function profileTabOf(value: string | null | undefined, available: readonly ProfileTab[] = PROFILE_TABS): ProfileTab {
  return available.find((t) => t === value) ?? "overview";
}

/** A `?page=` value (1-based in the URL) as a 0-based page within `pages` (at least one). */
export function visitsPageOf(value: string | null | undefined, pages: number): number {
  const n = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(n, Math.max(pages, 1)) - 1;
}

export const PROFILE_TEXT = {
  noVisits: "No visits yet. Check-ins will be listed here, newest first.",
  noNotesToday: "No notes written today.",
  noPrograms: "Not registered to any program.",
  stillIn: "Still checked in",
  notRecorded: "Not recorded",
} as const;
