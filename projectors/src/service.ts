/**
 * The projectors as a part of a server (infra/src/runtime/service-part.ts): every read model, and
 * the live stations' cards they publish. Its main.ts serves them alone (health and metrics); the
 * one-process default beside the others, reporting progress to the reads that wait for it.
 */
import type { Foundation } from '@hamlog/infra/runtime/foundation';
import type { ServicePart } from '@hamlog/infra/runtime/service-part';
import { startProjectors, type LogFollower } from './runtime/start-projectors';

export async function openProjectors(foundation: Foundation, options: { others?: () => LogFollower[] } = {}): Promise<ServicePart> {
  const { store, derivedPool, metrics, fanOut, logger, essentials } = foundation;
  // In one process the reads learn each projection's progress at once, not from PostgreSQL's notices.
  const onProgress = essentials ? (name: string, position: number) => essentials.progress.report(name, position) : undefined;
  const running = await startProjectors(store, derivedPool, metrics, { fanOut, logger, others: options.others, onProgress });
  return { stop: () => running.stop() };
}
