import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import type { LiveCardPatch } from '@hamlog/domain/live/live-frames';

/** What one websocket message means to the client (decision 0053). */
export type LiveMessage =
  /** The specification's single message: one whole card. */
  | { kind: 'cards'; cards: FeedUserCard[] }
  /** Every station on the air: what the socket says replaces what it said before. */
  | { kind: 'snapshot'; cards: FeedUserCard[] }
  /** What changed in one tick: patches to the cards the socket gave. */
  | { kind: 'batch'; patches: LiveCardPatch[] }
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

const hasId = (value: unknown): value is Record<string, unknown> & { id: string | number } =>
  isRecord(value) && (typeof value.id === 'string' || typeof value.id === 'number');

const isCard = (value: unknown): boolean => hasId(value) && typeof value.my_callsign === 'string';

/** A card or patch with its id as text (some servers send numbers). */
function withTextId<T extends { id: string }>(value: Record<string, unknown> & { id: string | number }): T {
  return { ...value, id: String(value.id) } as unknown as T;
}

/**
 * Reads a websocket message: JSON, possibly double-encoded (a JSON string holding the JSON). Only
 * environment 'prod' is used: 'public-rig-data' with a user card, 'public-rig-snapshot' with
 * cards, and 'public-rig-batch' with patches (each with an id).
 */
export function readLiveMessage(data: unknown): LiveMessage {
  if (typeof data !== 'string') return { kind: 'malformed', reason: 'not text' };
  let parsed = parseJson(data);
  if (parsed.ok && typeof parsed.value === 'string') parsed = parseJson(parsed.value);
  if (!parsed.ok) return { kind: 'malformed', reason: 'not JSON' };
  const message = parsed.value;
  if (!isRecord(message)) return { kind: 'malformed', reason: 'not an object' };
  if (message.environment !== 'prod') return { kind: 'ignored', reason: `environment ${String(message.environment)}` };
  switch (message.type) {
    case 'public-rig-data': {
      const user = message.user;
      if (!hasId(user) || !isCard(user)) return { kind: 'malformed', reason: 'public-rig-data without a user card' };
      return { kind: 'cards', cards: [withTextId<FeedUserCard>(user)] };
    }
    case 'public-rig-snapshot': {
      const users = message.users;
      if (!Array.isArray(users) || !users.every(isCard)) return { kind: 'malformed', reason: 'public-rig-snapshot without user cards' };
      return { kind: 'snapshot', cards: users.map((u) => withTextId<FeedUserCard>(u as Record<string, unknown> & { id: string })) };
    }
    case 'public-rig-batch': {
      const users = message.users;
      if (!Array.isArray(users) || !users.every(hasId)) return { kind: 'malformed', reason: 'public-rig-batch without card patches' };
      return { kind: 'batch', patches: users.map((u) => withTextId<LiveCardPatch>(u)) };
    }
    default:
      return { kind: 'ignored', reason: `type ${String(message.type)}` };
  }
}

/** The live connection's address on this page's host: ws://host/ws, or wss:// under https. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
