import { LOADING_FEED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { useActiveUsers } from '../api/get-active-users';
import { useOnlineUsers } from '../api/get-online-users';
import { useFeedFilters } from '../hooks/use-feed-filters';
import { useFollowing } from '../hooks/use-following';
import { useLiveRigData } from '../hooks/use-live-rig-data';
import { filterFeedUsers, mergeFeedUsers } from '../utils/feed';
import { FeedFilters } from './feed-filters';
import { UserCard } from './user-card';
import './live-feed.css';

/** The home page's user feed: polled every 4 s, updated live over the websocket, filtered. */
export function UserFeed() {
  useLiveRigData();
  const active = useActiveUsers();
  const online = useOnlineUsers();
  const following = useFollowing();
  const { filters, setFilter, viewType, setViewType } = useFeedFilters();
  const all = mergeFeedUsers(active.data?.users, online.data?.users);
  const shown = filterFeedUsers(all, filters, following);

  return (
    <section className="user-feed" aria-labelledby="user-feed-heading">
      <h2 id="user-feed-heading">Stations</h2>
      <FeedFilters filters={filters} onFilter={setFilter} viewType={viewType} onViewType={setViewType} canFollow={following !== null} />
      {all.length === 0 ? (
        <p className="muted" role="status">
          {LOADING_FEED}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          {MESSAGES.noStationsMatch}
        </p>
      ) : (
        <ul className={`feed-users feed-users-${viewType}`} aria-label="Stations">
          {shown.map((card) => (
            <UserCard key={card.id} card={card} />
          ))}
        </ul>
      )}
    </section>
  );
}
