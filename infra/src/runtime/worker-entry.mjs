// A worker thread does not inherit tsx's loader from the process that starts it: this plain
// JavaScript entry registers it, then runs the TypeScript module named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
