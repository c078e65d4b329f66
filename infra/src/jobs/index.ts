export { InProcessFanOut, InProcessJobQueue, type InProcessJobQueueOptions } from './in-process-jobs';
export { BullMqJobQueue, RedisFanOut, type BullMqJobQueueOptions } from './bullmq-jobs';
