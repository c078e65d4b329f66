import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FeedUserCard, FeedUsersAnswer } from '@hamlog/domain/community/api-shapes';
import { WEBSOCKET_RETRY_MS } from '@hamlog/domain/community/rules';
import { activeUsersQueryKey } from '../api/get-active-users';
import { upsertCard } from '../utils/feed';
import { liveSocketUrl, readLiveMessage } from '../utils/live-message';

/** Close codes of a server that goes away (stopping, restarting) and will be back. */
const SERVER_RESTART_CODES = new Set([1001, 1012]);

/** A live card goes into the cached user feed, keyed by user id, until the next poll answers. */
export function upsertFeedUser(client: QueryClient, card: FeedUserCard): void {
  client.setQueryData<FeedUsersAnswer>(activeUsersQueryKey, (answer) => ({ users: upsertCard(answer?.users ?? [], card) }));
}

/**
 * The live connection (core.md §4): one websocket to /ws while the component using it is
 * mounted. 'public-rig-data' messages update the user feed; anything else is logged and
 * ignored. After an unclean close it reconnects after WEBSOCKET_RETRY_MS, and so it does after a
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
      ws.onmessage = (event: MessageEvent) => {
        const message = readLiveMessage(event.data);
        if (message.kind === 'rig') upsertFeedUser(client, message.user);
        else if (message.kind === 'ignored') console.debug('live connection: ignored a message:', message.reason);
        else console.warn('live connection: malformed message:', message.reason);
      };
      ws.onerror = () => console.warn('live connection: error');
      ws.onclose = (event: CloseEvent) => {
        if (socket === ws) socket = null;
        if (stopped || (event.wasClean && !SERVER_RESTART_CODES.has(event.code))) return;
        console.warn(`live connection: closed (code ${event.code}), reconnecting in ${WEBSOCKET_RETRY_MS / 1000} s`);
        retry = setTimeout(connect, WEBSOCKET_RETRY_MS);
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
