import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';

/** A card and when this page received it (ms since the epoch; 0: it was there before the page). */
export interface ReceivedCard {
  card: FeedUserCard;
  at: number;
}

/**
 * The station's card to show, of the one the page fetched and the one the live connection pushed:
 * the later rig report when both name one, else the one received last.
 */
export function newestCard(fetched: ReceivedCard | null, pushed: ReceivedCard | null): FeedUserCard | null {
  if (!fetched || !pushed) return (fetched ?? pushed)?.card ?? null;
  const fetchedReport = fetched.card.rig_reported_at;
  const pushedReport = pushed.card.rig_reported_at;
  if (fetchedReport && pushedReport && fetchedReport !== pushedReport) return Date.parse(pushedReport) > Date.parse(fetchedReport) ? pushed.card : fetched.card;
  return pushed.at > fetched.at ? pushed.card : fetched.card;
}
