import { workerDefinitions } from "../workers";
import type { CoreServices } from "./services";

/** Starts a BullMQ worker for every registered queue; stop() lets active jobs finish. */
export function startWorkers(core: CoreServices) {
  const handles = workerDefinitions.map((definition) => definition.start(core));
  core.logger.info("workers running", { queues: workerDefinitions.map((d) => d.queue) });
  return {
    async stop() {
      await Promise.all(handles.map((h) => h.close()));
    },
  };
}
