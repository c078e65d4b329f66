import { useUser } from '@/lib/session';
import { useLeaderboards } from '../api/get-leaderboards';
import type { Board } from '../utils/boards';
import { LeaderboardCard } from './leaderboard-card';
import './leaderboards.css';

/** A set of leaderboard cards from the one GET /vleaderboards answer, refreshed every 10 s. */
export function Leaderboards({
  boards,
  headingLevel,
  layout = 'grid',
}: {
  boards: readonly Board[];
  headingLevel?: 2 | 3;
  /** 'grid': cards side by side where there is room; 'column': stacked (a sidebar). */
  layout?: 'grid' | 'column';
}) {
  const { data } = useLeaderboards();
  const viewerCallsign = useUser()?.my_callsign ?? null;
  return (
    <div className={`leaderboards leaderboards-${layout}`}>
      {boards.map((board) => (
        <LeaderboardCard
          key={board.list}
          board={board}
          entries={data?.[board.list] ?? []}
          viewerCallsign={viewerCallsign}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
