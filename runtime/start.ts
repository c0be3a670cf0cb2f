import { createLivePublisher, liveKeyFor } from "../modules/kernel/live";
import { publicUrlOf, systemClock, type Env } from "../modules/kernel";
import type { Kysely } from "kysely";
import type { ReadModels } from "../projections";
import { seedDemoMail } from "../test/factories/mail";
import { queuePrefixFor } from "../workers/exports";
import { demoOrganizations, seedDemoDataIfEmpty } from "../test/factories/demo-seed";
import { ensureDemoResourceFiles } from "../test/factories/resources";
import { sendInvitationMail, type InvitationMail } from "../modules/identity";
import { startProjector } from "./projector";
import { openCoreServices } from "./services";
import { startWeb } from "./web";
import { startWorkers } from "./workers";

type Stoppable = { stop(): Promise<void> };

/**
 * Starts the parts this process's ROLE asks for: `all` (web + projector + workers, the default),
 * or one of `web`, `projector`, `worker`. Returns stop(), which drains in reverse order.
 */
export async function startRollcall(env: Env) {
  const core = await openCoreServices(env);
  const parts: { name: string; part: Stoppable }[] = [];
  const runs = (role: Env["ROLE"]) => env.ROLE === "all" || env.ROLE === role;

  const seedDemo = env.SEED_DEMO === "1" || (env.SEED_DEMO === undefined && env.NODE_ENV !== "production");
  if (env.ROLE === "all" && seedDemo) {
    // the mail services without Redis: the worker's start-up sweep queues what the seed records (decision 059)
    const mail = { db: core.db as Kysely<ReadModels>, publicUrl: publicUrlOf(env), queuePrefix: queuePrefixFor(env.DATABASE_URL), logger: core.logger, clock: systemClock, redis: null };
    // the demo invitations' mails (decision 063)
    const sendMail = (invitation: InvitationMail) => sendInvitationMail(mail, invitation);
    const seeded = await seedDemoDataIfEmpty({ store: core.store, clock: systemClock, sendMail });
    if (seeded) {
      core.logger.info("seeded demo data", { events: seeded });
      // the demo outbox (decision 059)
      await seedDemoMail(mail, systemClock);
    }
    // the demo resources' files (decision 101): a copied template database comes without them
    await ensureDemoResourceFiles(core.storage, demoOrganizations);
  }

  const publisher = createLivePublisher(env.REDIS_URL, { logger: core.logger, key: liveKeyFor(core.env.DATABASE_URL) });
  parts.push({ name: "publisher", part: { stop: () => publisher.close() } });
  if (runs("projector")) parts.push({ name: "projector", part: startProjector(core, publisher) });
  if (runs("worker")) parts.push({ name: "workers", part: startWorkers(core) });
  let port: number | null = null;
  if (runs("web")) {
    const web = await startWeb(core);
    port = web.port;
    parts.push({ name: "web", part: web });
  }

  return {
    core,
    port,
    async stop() {
      for (const { name, part } of [...parts].reverse()) {
        await part.stop().catch((error: unknown) => core.logger.error(`stopping ${name} failed`, { error: String(error) }));
      }
      await core.close();
    },
  };
}
