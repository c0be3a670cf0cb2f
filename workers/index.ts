import type { CoreServices } from "../runtime/services";
import { exportWorkerDefinition } from "./exports";
import { uploadWorkerDefinition } from "./uploads";

/** A queue's worker, as the worker role starts it. Exports and uploads add theirs here. */
export type WorkerDefinition = {
  queue: string;
  start(core: CoreServices): { close(): Promise<void> };
};

export const workerDefinitions: readonly WorkerDefinition[] = [exportWorkerDefinition, uploadWorkerDefinition];
