import { matchPage } from "#modules/identity";
import { accentFor, DEFAULT_MAIN_COLOR, type RadixAccentColor } from "#modules/organizations";

/** What the registry says about the page at a path: its title and whether the shell shows navigation. */
export type PageMeta = { title: string; showNavigation: boolean };

/** Pages without a signed-in organization use the default main colour (#95358F, plum). */
export const SIGNED_OUT_ACCENT: RadixAccentColor = accentFor(DEFAULT_MAIN_COLOR);

export function pageMetaFor(pathname: string): PageMeta | null {
  const match = matchPage(pathname);
  return match ? { title: match.route.title, showNavigation: match.route.showNavigation } : null;
}
