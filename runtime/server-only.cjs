// What the browser build gets for `#modules/<ctx>` and `#projections/<ctx>` (package.json "imports",
// condition "browser"): nothing, as Remix gives a `.server` module. A page's loader and action call the
// domain; the browser build drops them but still resolves their imports, and a module's index reaches
// node-only code (argon2, crypto, PostgreSQL). Browser code imports `#modules/<ctx>/client` instead.
module.exports = {};
