import type { FeedUserCard } from '@hamlog/domain';
import type { LiveGatewayStats, UpgradeRequest } from './live-gateway';

/** From the server's process to its live gateway's (the socket itself rides beside an 'upgrade'). */
export type ToLiveProcess =
  | { type: 'upgrade'; request: UpgradeRequest; head: string }
  | { type: 'seed'; cards: FeedUserCard[] }
  /** A fan-out message as published (LiveCardsMessage JSON): parsed over there, never here. */
  | { type: 'cards'; text: string }
  | { type: 'close' };

/** From the live gateway's process back. */
export type FromLiveProcess = { type: 'ready' } | { type: 'stats'; stats: LiveGatewayStats };
