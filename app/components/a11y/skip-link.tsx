/** The id of the page's <main>: the skip link's target (decision 042). */
export const MAIN_CONTENT_ID = "main-content";

/**
 * 'Skip to main content' (WCAG 2.4.1): the first thing Tab reaches on every page, hidden until it has the
 * focus. It jumps to the page's <main>, which takes the focus (tabIndex -1), so the next Tab is the
 * page's first control, past the sidebar and the top bar.
 */
export function SkipLink() {
  return (
    <a className="rc-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}
