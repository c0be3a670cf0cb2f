/**
 * Identity's services, for route modules with a page. A page cannot import `#modules/identity` itself:
 * the browser build resolves every import before it drops the loader's and the action's, and the index
 * reaches pg, ioredis and argon2. A `.server` file is left out of the browser build whole.
 */
export * from "#modules/identity";
