import type { WorkerCore } from "./core";
import { exportWorkerDefinition } from "./exports";
import { mailWorkerDefinition } from "./mail";
import { uploadWorkerDefinition } from "./uploads";
import { webhookWorkerDefinition } from "./webhooks";
import { storeSweepDefinition } from "./store";
import { communicationWorkerDefinition } from "./communications";

/** A queue's worker, as the worker role starts it. Exports, uploads and mail add theirs here. */
export type WorkerDefinition = {
  queue: string;
  start(core: WorkerCore): { close(): Promise<void> };
};

export const workerDefinitions: readonly WorkerDefinition[] = [exportWorkerDefinition, uploadWorkerDefinition, mailWorkerDefinition, webhookWorkerDefinition, storeSweepDefinition, communicationWorkerDefinition];
export type { WorkerCore } from "./core";
