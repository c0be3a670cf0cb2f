import { buildLayout } from "./runtime/build-layout.js";

const layout = buildLayout();

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // the classic compiler; server.ts (Express + socket.io) imports <BUILD_DIR>/index.js (runtime/build-layout.js)
  serverBuildPath: layout.serverBuildPath,
  assetsBuildDirectory: layout.assetsDir,
  publicPath: layout.publicPath,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
