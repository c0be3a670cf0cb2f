import http from "node:http";
import path from "node:path";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { attachLiveServer, liveKeyFor } from "../modules/kernel/live";
import type { Kysely } from "kysely";
import type { AppServices } from "../app/utils/load-context";
import { SessionStore, type SessionTables } from "../modules/identity";
import { closeMailQueue } from "../modules/mail";
import { closeCommunicationQueue } from "../modules/communications";
import { closeExportQueue } from "../modules/exports";
import { closeUploadQueue } from "../modules/uploads";
import { closeWebhookQueue } from "../modules/integrations";
import { inActingScope, publicUrlOf, systemClock } from "../modules/kernel";
import type { ReadModels } from "../projections";
import { queuePrefixFor } from "../workers/exports";
import { apiDispatch } from "./api-dispatch";
import { apiRoutesGuard } from "./api-routes-guard";
import { buildLayout, projectRoot } from "./build-layout.js";
import { csrfGuard } from "./csrf-guard";
import { inputGuard } from "./input-guard";
import { endLiveSessions, sessionLiveAuth } from "./live-auth";
import { collectHealth } from "./health";
import { loadServerBuild } from "./server-build-source";
import { cspNonceOf, securityHeaders, widenPagePolicy } from "./security-headers";
import type { CoreServices } from "./services";

// the directory of package.json: this file may run from the prebuilt server in BUILD_DIR (decision 121)
const ROOT = projectRoot();

/**
 * The server build imports the domain by the project's package imports (`#modules/…`, `#projections/…`,
 * decision 034), which Node resolves from the package.json above the build: a build outside the project
 * could not load it.
 */
function checkBuildInsideProject(dir: string) {
  const relative = path.relative(ROOT, dir);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(`BUILD_DIR (${dir}) must be inside the project (${ROOT}): the server build imports modules/ and projections/ by the project's package imports (docs/decisions/034).`);
  }
}

/** Express + the Remix request handler + socket.io on one HTTP server. */
export async function startWeb(core: CoreServices) {
  // the build in BUILD_DIR (runtime/build-layout.js): server build and browser files of one build
  const layout = buildLayout();
  checkBuildInsideProject(layout.dir);
  const build = await loadServerBuild(layout.serverBuildPath);
  const services: AppServices = {
    health: () => collectHealth(core),
    // read models from the replica when there is one (decision 124); sessions are written, so on the primary
    db: core.readDb as Kysely<ReadModels>,
    primaryDb: core.db as Kysely<ReadModels>,
    store: core.store,
    redis: core.redis,
    storage: core.storage,
    queuePrefix: queuePrefixFor(core.env.DATABASE_URL),
    clock: systemClock,
    sessions: new SessionStore(core.db as Kysely<SessionTables>),
    logger: core.logger,
    production: core.env.NODE_ENV === "production",
    publicUrl: publicUrlOf(core.env),
    supportFormUrl: core.env.SUPPORT_FORM_URL,
    twilioAuthToken: core.env.TWILIO_AUTH_TOKEN,
    integrations: { apiKeyRatePerMinute: core.env.API_KEY_RATE_PER_MINUTE, webhookAllowHosts: core.env.WEBHOOK_ALLOW_HOSTS },
  };

  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders({ production: services.production }));
  app.use(apiRoutesGuard);
  app.use(inputGuard);
  app.use(csrfGuard);
  // each request's own scope: a superadmin's entered organization noted by the session lookup reaches the
  // metadata of every event the request appends (decision 069)
  app.use((_req, _res, next) => inActingScope(next));
  const getLoadContext = (req: express.Request) => ({ services, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown", cspNonce: cspNonceOf(req.res), allowOrigins: (origins: readonly string[]) => widenPagePolicy(req.res, origins) });
  app.use(apiDispatch(getLoadContext));
  app.use(layout.publicPath.replace(/\/$/, ""), express.static(layout.assetsDir, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  app.all("*", createRequestHandler({ build, mode: build.mode, getLoadContext }));

  const server = http.createServer(app);
  const live = attachLiveServer(server, { redisUrl: core.env.REDIS_URL, key: liveKeyFor(core.env.DATABASE_URL), logger: core.logger, ...sessionLiveAuth(services.sessions, services.clock, services.db, { recheckEveryMs: core.env.LIVE_RECHECK_MS }) });
  endLiveSessions(services.sessions, live);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(core.env.PORT, core.env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : core.env.PORT;
  core.logger.info(`listening on http://localhost:${port}`);

  return {
    server,
    port,
    async stop() {
      // stop taking connections, let requests in flight finish, then drop sockets that stay open
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await live.close();
      const timer = setTimeout(() => server.closeAllConnections(), 5000);
      await closed;
      clearTimeout(timer);
      await Promise.all([closeMailQueue(services.queuePrefix), closeExportQueue(services.queuePrefix), closeUploadQueue(services.queuePrefix), closeWebhookQueue(services.queuePrefix), closeCommunicationQueue(services.queuePrefix)]);
    },
  };
}
