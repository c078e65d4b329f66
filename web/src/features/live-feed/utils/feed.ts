import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { isCqOpMode } from '@hamlog/domain/community/rules';

/** The four feed filters, stored under the specification's key names (core.md §3). */
export const FEED_FILTER_KEYS = {
  reverseOrder: 'filter_reverse_order',
  onAirOnly: 'filter_on_air_only',
  cqOnly: 'filter_cq_only',
  following: 'filter_following',
} as const;

export type FeedFilterName = keyof typeof FEED_FILTER_KEYS;
export type FeedFilters = Record<FeedFilterName, boolean>;

/** How the user feed is laid out; remembered as 'view_type'. */
export const VIEW_TYPES = ['cards', 'list'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
export const VIEW_TYPE_KEY = 'view_type';

/** Red 'On Air': on a frequency or streaming. */
export function isOnAir(card: FeedUserCard): boolean {
  return card.on_freq || card.is_live;
}

/** Green 'Logged In Recently': online, but not on the air. */
export function isOnlineOnly(card: FeedUserCard): boolean {
  return card.is_online && !isOnAir(card);
}

/**
 * One list from the two calls: stations with rig data first, then those only signed in. A station
 * in both (it just started reporting) is shown once, as its rig card.
 */
export function mergeFeedUsers(active: readonly FeedUserCard[] | undefined, online: readonly FeedUserCard[] | undefined): FeedUserCard[] {
  const seen = new Set<string>();
  const out: FeedUserCard[] = [];
  for (const card of [...(active ?? []), ...(online ?? [])]) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    out.push(card);
  }
  return out;
}

/** Live cards replace their stations' cards, or join the list at the top (the last given first). */
export function upsertCards(users: readonly FeedUserCard[], cards: readonly FeedUserCard[]): FeedUserCard[] {
  const latest = new Map(cards.map((card) => [card.id, card]));
  const kept = users.map((u) => {
    const card = latest.get(u.id);
    if (!card) return u;
    latest.delete(u.id);
    return card;
  });
  return [...[...latest.values()].reverse(), ...kept];
}

/**
 * The feed as the filters ask. `following` is null for visitors (no follows): then the
 * following filter does not apply.
 */
export function filterFeedUsers(users: readonly FeedUserCard[], filters: FeedFilters, following: ReadonlySet<string> | null): FeedUserCard[] {
  const shown = users.filter(
    (card) =>
      (!filters.onAirOnly || isOnAir(card)) &&
      (!filters.cqOnly || isCqOpMode(card.op_mode)) &&
      (!filters.following || following === null || following.has(card.id)),
  );
  return filters.reverseOrder ? shown.reverse() : shown;
}
