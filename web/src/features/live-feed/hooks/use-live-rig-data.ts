import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FeedUserCard, FeedUsersAnswer } from '@hamlog/domain/community/api-shapes';
import { websocketRetryDelay } from '@hamlog/domain/community/rules';
import { patchedCard } from '@hamlog/domain/live/live-frames';
import { activeUsersQueryKey } from '../api/get-active-users';
import { upsertCards } from '../utils/feed';
import { liveSocketUrl, readLiveMessage, type LiveMessage } from '../utils/live-message';

/** Close codes of a server that goes away (stopping, restarting) and will be back. */
const SERVER_RESTART_CODES = new Set([1001, 1012]);

/** Live cards go into the cached user feed, keyed by user id, until the next poll answers. */
export function upsertFeedUsers(client: QueryClient, cards: readonly FeedUserCard[]): void {
  if (cards.length === 0) return;
  client.setQueryData<FeedUsersAnswer>(activeUsersQueryKey, (answer) => ({ users: upsertCards(answer?.users ?? [], cards) }));
}

/**
 * The whole cards a message gives, from what this socket said before (`cards`, kept up to date):
 * a snapshot replaces it, a batch patches it (a patch to a card never given is dropped: the next
 * snapshot or poll brings that station whole).
 */
export function cardsFrom(message: Extract<LiveMessage, { kind: 'cards' | 'snapshot' | 'batch' }>, cards: Map<string, FeedUserCard>): FeedUserCard[] {
  if (message.kind === 'snapshot') cards.clear();
  const changed: FeedUserCard[] = [];
  const patches = message.kind === 'batch' ? message.patches : message.cards;
  for (const patch of patches) {
    const card = message.kind === 'batch' ? patchedCard(cards.get(patch.id), patch) : (patch as FeedUserCard);
    if (!card) continue;
    cards.set(card.id, card);
    changed.push(card);
  }
  return changed;
}

/**
 * The live connection (core.md §4): one websocket to /ws while the component using it is
 * mounted. Its cards ('public-rig-data', and the snapshot and batches of decision 0053) update the
 * user feed; anything else is logged and ignored. After an unclean close it reconnects after
 * websocketRetryDelay() (5 s and up to 2 s of jitter), and so it does after a
 * server going away or restarting (1001, 1012: a deploy closes cleanly); unmounting closes it.
 */
export function useLiveRigData(): void {
  const client = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const connect = () => {
      retry = null;
      const ws = new WebSocket(liveSocketUrl(window.location));
      socket = ws;
      const cards = new Map<string, FeedUserCard>();
      ws.onmessage = (event: MessageEvent) => {
        const message = readLiveMessage(event.data);
        if (message.kind === 'cards' || message.kind === 'snapshot' || message.kind === 'batch') upsertFeedUsers(client, cardsFrom(message, cards));
        else if (message.kind === 'ignored') console.debug('live connection: ignored a message:', message.reason);
        else console.warn('live connection: malformed message:', message.reason);
      };
      ws.onerror = () => console.warn('live connection: error');
      ws.onclose = (event: CloseEvent) => {
        if (socket === ws) socket = null;
        if (stopped || (event.wasClean && !SERVER_RESTART_CODES.has(event.code))) return;
        const delay = websocketRetryDelay();
        console.warn(`live connection: closed (code ${event.code}), reconnecting in ${(delay / 1000).toFixed(1)} s`);
        retry = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      socket?.close();
    };
  }, [client]);
}
