import type { QsoFeedItem } from '@hamlog/domain/community/api-shapes';
import { RECENT_QSO_MS } from '@hamlog/domain/community/rules';

/** Logged less than RECENT_QSO_MS (80 s) before `now`: highlighted. */
export function isRecentQso(item: Pick<QsoFeedItem, 'created_at'>, now: number): boolean {
  const at = Date.parse(item.created_at);
  return Number.isFinite(at) && now - at < RECENT_QSO_MS;
}
