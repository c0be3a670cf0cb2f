import type { WorkerCore } from "./core";
import { exportWorkerDefinition } from "./exports";
import { uploadWorkerDefinition } from "./uploads";

/** A queue's worker, as the worker role starts it. Exports and uploads add theirs here. */
export type WorkerDefinition = {
  queue: string;
  start(core: WorkerCore): { close(): Promise<void> };
};

export const workerDefinitions: readonly WorkerDefinition[] = [exportWorkerDefinition, uploadWorkerDefinition];
export type { WorkerCore } from "./core";
