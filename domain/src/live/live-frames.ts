/**
 * What the live websocket (/ws) sends, and the one rule for patching cards, shared by the server's
 * ticker and the web client (decision 0053, written for companion-app authors).
 *
 * A watcher first gets a snapshot (every station on the air), then at most one batch per tick
 * carrying, for each station that changed since the last tick, only the fields that changed, with
 * its id. A watcher too slow to take a tick misses it and gets a fresh snapshot when it catches
 * up: the latest state wins. The specification's single message ({type: 'public-rig-data', user})
 * stays valid for clients and is read the same way, as a whole card.
 */
import type { FeedUserCard } from '../community/api-shapes';
import { isOnAirCard } from '../community/feed-card';

/** How often a gateway sends what changed (at most one frame per tick). */
export const LIVE_TICK_MS = 500;

/** Between the live state and every websocket gateway: the cards of the stations that changed, one message per batch. */
export const LIVE_CARDS_CHANNEL = 'live:cards:v2';

export interface LiveCardsMessage {
  cards: FeedUserCard[];
}

/** The cards in a fan-out message as published ([] for anything else). */
export function cardsOfMessage(text: string): FeedUserCard[] {
  try {
    const message = JSON.parse(text) as Partial<LiveCardsMessage>;
    return Array.isArray(message.cards) ? message.cards : [];
  } catch {
    return [];
  }
}

/** A card's id and the fields that changed; a station new to the watcher comes whole. */
export type LiveCardPatch = Pick<FeedUserCard, 'id'> & Partial<FeedUserCard>;

/** Every station on the air now: the first frame on a new connection, and after skipped ticks. */
export interface PublicRigSnapshotMessage {
  environment: 'prod';
  type: 'public-rig-snapshot';
  /** The tick it stands at: the next batch has seq + 1. */
  seq: number;
  users: FeedUserCard[];
}

/** What changed in one tick. A batch whose seq does not follow the last frame's means frames were missed (the server sends a snapshot then). */
export interface PublicRigBatchMessage {
  environment: 'prod';
  type: 'public-rig-batch';
  seq: number;
  users: LiveCardPatch[];
}

export type LiveFrameMessage = PublicRigSnapshotMessage | PublicRigBatchMessage;

/** Fields that change with every report without changing what is shown: a report that changes only these is not sent. */
const QUIET_FIELDS: ReadonlySet<keyof FeedUserCard> = new Set(['rig_reported_at']);

/**
 * The patch from `before` (what watchers have) to `after`: the changed fields with the id, the
 * whole card when watchers have none, null when nothing they show changed.
 */
export function cardPatch(before: FeedUserCard | undefined, after: FeedUserCard): LiveCardPatch | null {
  if (!before) return after;
  let patch: LiveCardPatch | null = null;
  let shown = false;
  for (const key of Object.keys(after) as (keyof FeedUserCard)[]) {
    if (before[key] === after[key]) continue;
    patch ??= { id: after.id };
    (patch as Record<string, unknown>)[key] = after[key];
    if (!QUIET_FIELDS.has(key)) shown = true;
  }
  return shown ? patch : null;
}

/** A patch applied to the card a watcher has; null when it has none and the patch is not a whole card. */
export function patchedCard(before: FeedUserCard | undefined, patch: LiveCardPatch): FeedUserCard | null {
  if (before) return { ...before, ...patch };
  return isWholeCard(patch) ? patch : null;
}

function isWholeCard(patch: LiveCardPatch): patch is FeedUserCard {
  return typeof patch.my_callsign === 'string' && typeof patch.on_freq === 'boolean' && typeof patch.is_live === 'boolean';
}

/** Whether a snapshot keeps the card: on a frequency or streaming (a station gone off the air leaves it after its last patch). */
export const inLiveSnapshot = isOnAirCard;
