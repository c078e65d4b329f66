import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { Leaderboards } from '@/features/leaderboards/components/leaderboards';
import { LEADERBOARDS_PAGE_BOARDS } from '@/features/leaderboards/utils/boards';

/** /leaderboards: the leaderboard cards on a page of their own, without the header (core.md §2). */
export function LeaderboardsRoute() {
  return (
    <div className="container leaderboards-page">
      <Page
        title="Leaderboards"
        actions={
          <Link to="/" className="btn btn-secondary btn-small">
            Home
          </Link>
        }
      >
        <Leaderboards boards={LEADERBOARDS_PAGE_BOARDS} headingLevel={2} />
      </Page>
    </div>
  );
}
