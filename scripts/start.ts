import { ensureBuild, wantedMode } from "../runtime/app-build";

/**
 * `npm start`: (re)build the Remix app into BUILD_DIR when the build is missing, older than its sources or
 * of another mode than this NODE_ENV's (a development build cannot serve in production: decision 030),
 * then run.
 */
ensureBuild(wantedMode(process.env.NODE_ENV));
// NODE_ENV stays as given: `npm start` on a laptop is development (demo data, cookies without Secure);
// a deployment sets NODE_ENV=production
await import("../server");
