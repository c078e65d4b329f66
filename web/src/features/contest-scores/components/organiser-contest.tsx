import { Link, useNavigate } from 'react-router-dom';
import { CONTEST_NOT_ORGANISER } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import { useContestBoard } from '../api/get-contest-board';
import { CheckedBoard } from './checked-board';
import { ContestChecks } from './contest-checks';
import { ContestForm } from './contest-form';
import { MembersBoard } from './members-board';
import { MyContestLog } from './my-contest-log';
import { contestPath } from './my-contests';

/** /contests/{id}: the contest's live board; its organiser gets a link to change the rules. */
export function ContestBoardPage({ contestId }: { contestId: string }) {
  const user = useUser();
  // The board's own query (the same key): read here only for who organises it.
  const contest = useContestBoard('members', contestId).data?.contest;
  const organiser = contest !== undefined && user !== null && contest.organiser_user_id === user.id;
  return (
    <div className="contest-page">
      {organiser ? (
        <p className="contest-page-actions">
          <Link to={`${contestPath(contestId)}/edit`} className="btn btn-secondary">
            Edit contest
          </Link>
          <Link to="/contests" className="btn btn-link">
            Your contests
          </Link>
        </p>
      ) : null}
      {contest?.rules ? (
        <>
          <CheckedBoard contestId={contestId} />
          {organiser ? <ContestChecks contestId={contestId} /> : null}
          {user !== null ? <MyContestLog contestId={contestId} /> : null}
        </>
      ) : (
        <MembersBoard contestId={contestId} />
      )}
    </div>
  );
}

/** /contests/{id}/edit: the organiser changes the rules; the board follows at its next refresh. */
export function EditContestPage({ contestId }: { contestId: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const board = useContestBoard('members', contestId);
  if (board.isPending) return <Loading />;
  if (board.isError) {
    return <Notice tone="error">{isApiError(board.error) && board.error.status === 404 ? board.error.message : 'Could not load the contest. Please try again.'}</Notice>;
  }
  const contest = board.data.contest;
  if (user === null || contest.organiser_user_id !== user.id) return <Notice tone="error">{CONTEST_NOT_ORGANISER}</Notice>;
  return <ContestForm contest={contest} onSaved={(saved) => void navigate(contestPath(saved.id))} />;
}

/** /contests/new: a new contest; the organiser lands on its board. */
export function NewContestPage() {
  const navigate = useNavigate();
  return <ContestForm onSaved={(saved) => void navigate(contestPath(saved.id))} />;
}
