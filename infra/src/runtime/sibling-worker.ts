import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { siblingModule } from './sibling-module';

/**
 * A worker thread running the module `name` beside the caller (siblingModule): the TypeScript
 * source under tsx (development and tests), the built JavaScript beside the bundled service.
 */
export function startSiblingWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  const entry = siblingModule(callerUrl, name);
  // A worker thread does not inherit tsx's loader: under tsx, worker-entry.mjs registers it first.
  return entry.typescript
    ? new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { entry: pathToFileURL(entry.path).href, data: workerData } })
    : new Worker(entry.path, { workerData: { data: workerData } });
}
