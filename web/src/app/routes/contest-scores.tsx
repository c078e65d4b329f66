import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { MembersBoard } from '@/features/contest-scores/components/members-board';
import { StreamersBoard } from '@/features/contest-scores/components/streamers-board';

/** /scores (signed in): the members' contest board; organisers go on to their own contests. */
export function ScoresRoute() {
  return (
    <Page
      title="Contest scores"
      actions={
        <Link to="/contests" className="btn btn-secondary">
          Your contests
        </Link>
      }
    >
      <MembersBoard />
    </Page>
  );
}

/** /megastream (public, no header): the streamers' board, made to be shown full screen or on stream. */
export function MegastreamRoute() {
  return (
    <div className="contest-page-bare">
      <Page title="Megastream scores">
        <StreamersBoard />
      </Page>
    </div>
  );
}
