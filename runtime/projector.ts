import { ProjectionRunner, projections, type Publisher } from "../projections";
import type { CoreServices } from "./services";

/** Runs every registered projection in this process; stop() finishes the batches in hand. */
export function startProjector(core: CoreServices, publisher: Publisher) {
  const runners = projections.map(
    (projection) =>
      new ProjectionRunner({
        db: core.db,
        store: core.store,
        projection,
        publisher,
        logger: core.logger,
        batchSize: core.env.PROJECTION_BATCH_SIZE,
        pollMs: core.env.PROJECTION_POLL_MS,
      }),
  );
  for (const runner of runners) runner.start();
  core.logger.info("projector running", { projections: runners.map((r) => r.name) });
  return {
    runners,
    async stop() {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
}
