import { buildServerBundle } from "../runtime/server-bundle";

/** `npm run build`'s second step, after `remix build`: bundles the server for `npm start` (decision 121). */
const ms = await buildServerBundle();
console.log(`[rollcall] bundled the server in ${(ms / 1000).toFixed(1)} s`);
