/**
 * The organizations services, for route modules with a page. A page cannot import `#modules/organizations`
 * itself: the browser build resolves every import before it drops the loader's and the action's, and the
 * index reaches the database. A `.server` file is left out of the browser build whole.
 */
export * from "#modules/organizations";
