/**
 * The participant services the pages' loaders and actions call. A route module with a component is also
 * built for the browser, and esbuild resolves every import it names before shaking the loader's away: a
 * page naming `#modules/participants` itself would send the browser build into the server's modules
 * (argon2, pg). A `.server` module is emptied in the browser build, so the pages reach them here.
 */
export { NO_STORE, openWaiverLink, participantListOf, participantPageOf, signWithLink, viewWaiver } from "#modules/participants";
