import { InvalidEnvironmentError, parseEnv } from "./modules/kernel";
import { startRollcall } from "./runtime/start";

/** The process entry: parse the environment, start this ROLE's parts, drain on SIGTERM/SIGINT. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await startRollcall(env);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.core.logger.info(`${signal}: draining`);
    const force = setTimeout(() => {
      app.core.logger.error("shutdown took over 25 s: exiting anyway");
      process.exit(1);
    }, 25_000);
    force.unref();
    await app.stop();
    app.core.logger.info("stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("[rollcall] failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
