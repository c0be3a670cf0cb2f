/** What the browser may import: the names, titles and fixed choices (no server code). */
export * from "./names";
