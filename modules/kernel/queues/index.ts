export {
  createQueue,
  createWorker,
  enqueue,
  queuePrefixOn,
  DEFAULT_JOB_OPTIONS,
  RollcallQueue,
  type QueueConnection,
  type CreateQueueOptions,
  type CreateWorkerOptions,
  type EnqueueOptions,
  type Processor,
  type TypedQueue,
  type WorkerHandle,
} from "./queues";
export type { Job } from "bullmq";
