import type { EventStore } from '@hamlog/infra/ports/event-store';
import { HttpError } from '@hamlog/infra/http/errors';
import { userDecider, userStreamName } from '@hamlog/domain';
import { aggregateStream } from '../handling/handle-command';

const cache = new Map<string, { callsign: string; until: number }>();
const CACHE_MS = 30_000;

/** The callsign a user logs under (cached briefly: it is read on every logged QSO). */
export async function loadStationCallsign(store: EventStore, userId: string): Promise<string> {
  const hit = cache.get(userId);
  if (hit && hit.until > Date.now()) return hit.callsign;
  const { state } = await aggregateStream(store, userStreamName(userId), userDecider);
  if (!state) throw new HttpError(401, 'Unauthenticated.');
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { callsign: state.callsign, until: Date.now() + CACHE_MS });
  return state.callsign;
}
