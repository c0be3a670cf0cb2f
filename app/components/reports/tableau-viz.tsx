import { createElement, useEffect, useState } from "react";

/**
 * Tableau's `<tableau-viz>` web component (Embedding API v3, the `@tableau/embedding-api` package bundled and served
 * by this app: no script from a CDN), given the dashboard's URL and the connected-app token of this page view.
 * The element is in the server's HTML; the browser defines it once the module has loaded.
 */
export function TableauViz({ src, token, title }: { src: string; token: string; title: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import("@tableau/embedding-api").catch(() => setFailed(true));
  }, []);
  return (
    <div role="region" aria-label={`${title} (Tableau dashboard)`} style={{ width: "100%", minHeight: 600 }}>
      {failed ? <p>The Tableau viewer could not load. Reload the page to try again.</p> : null}
      {createElement("tableau-viz", { id: "tableau-viz", src, token, toolbar: "bottom", "hide-tabs": "", width: "100%", height: "800px" })}
    </div>
  );
}
