import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';

/** What one websocket message means to the client. */
export type LiveMessage =
  | { kind: 'rig'; user: FeedUserCard }
  | { kind: 'ignored'; reason: string }
  | { kind: 'malformed'; reason: string };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a websocket message: JSON, possibly double-encoded (a JSON string holding the JSON).
 * Only environment 'prod' with type 'public-rig-data' and a user card with an id is used.
 */
export function readLiveMessage(data: unknown): LiveMessage {
  if (typeof data !== 'string') return { kind: 'malformed', reason: 'not text' };
  let parsed = parseJson(data);
  if (parsed.ok && typeof parsed.value === 'string') parsed = parseJson(parsed.value);
  if (!parsed.ok) return { kind: 'malformed', reason: 'not JSON' };
  const message = parsed.value;
  if (!isRecord(message)) return { kind: 'malformed', reason: 'not an object' };
  if (message.environment !== 'prod') return { kind: 'ignored', reason: `environment ${String(message.environment)}` };
  if (message.type !== 'public-rig-data') return { kind: 'ignored', reason: `type ${String(message.type)}` };
  const user = message.user;
  if (!isRecord(user) || (typeof user.id !== 'string' && typeof user.id !== 'number') || typeof user.my_callsign !== 'string') {
    return { kind: 'malformed', reason: 'public-rig-data without a user card' };
  }
  return { kind: 'rig', user: { ...(user as unknown as FeedUserCard), id: String(user.id) } };
}

/** The live connection's address on this page's host: ws://host/ws, or wss:// under https. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
