// What the browser build gets for `#modules/<ctx>` and `#projections/...` (package.json "imports", the
// "browser" condition): a page's loader and action call the domain, and the browser bundle drops them, so
// it never needs the domain and must not parse it (node-only packages). Browser code imports
// `#modules/<ctx>/client` (a real face) and types only (decision 034).
module.exports = {};
