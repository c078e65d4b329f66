import { useStoredChoice, useStoredFlag } from '@/lib/use-stored-state';
import { FEED_FILTER_KEYS, VIEW_TYPE_KEY, VIEW_TYPES, type FeedFilterName, type FeedFilters, type ViewType } from '../utils/feed';

/** The feed filters and the view type, each remembered in this browser. */
export function useFeedFilters() {
  const [reverseOrder, setReverseOrder] = useStoredFlag(FEED_FILTER_KEYS.reverseOrder, false);
  const [onAirOnly, setOnAirOnly] = useStoredFlag(FEED_FILTER_KEYS.onAirOnly, false);
  const [cqOnly, setCqOnly] = useStoredFlag(FEED_FILTER_KEYS.cqOnly, false);
  const [following, setFollowing] = useStoredFlag(FEED_FILTER_KEYS.following, false);
  const [viewType, setViewType] = useStoredChoice<ViewType>(VIEW_TYPE_KEY, 'cards', VIEW_TYPES);

  const filters: FeedFilters = { reverseOrder, onAirOnly, cqOnly, following };
  const setters: Record<FeedFilterName, (next: boolean) => void> = {
    reverseOrder: setReverseOrder,
    onAirOnly: setOnAirOnly,
    cqOnly: setCqOnly,
    following: setFollowing,
  };
  return { filters, setFilter: (name: FeedFilterName, next: boolean) => setters[name](next), viewType, setViewType };
}
