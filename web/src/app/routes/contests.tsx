import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { MyContests } from '@/features/contest-scores/components/my-contests';
import { ContestBoardPage, EditContestPage, NewContestPage } from '@/features/contest-scores/components/organiser-contest';

/** /contests (signed in): the contests the user organises, and a way to create one. */
export function ContestsRoute() {
  return (
    <Page
      title="Your contests"
      actions={
        <Link to="/contests/new" className="btn btn-primary">
          Create a contest
        </Link>
      }
    >
      <MyContests />
    </Page>
  );
}

/** /contests/new (signed in). */
export function NewContestRoute() {
  return (
    <Page title="Create a contest" narrow>
      <NewContestPage />
    </Page>
  );
}

/** /contests/{id} (signed in): a contest's live board. */
export function ContestRoute() {
  const { contest_id: id = '' } = useParams();
  return (
    <Page title="Contest scores">
      <ContestBoardPage contestId={id} />
    </Page>
  );
}

/** /contests/{id}/edit (signed in, the organiser). */
export function EditContestRoute() {
  const { contest_id: id = '' } = useParams();
  return (
    <Page title="Edit contest" narrow>
      <EditContestPage contestId={id} />
    </Page>
  );
}
