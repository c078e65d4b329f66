import { Link } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useMyContests } from '../api/contests';
import { contestRules, contestWindow } from '../utils/format';
import './contest-scores.css';

export const NO_CONTESTS_YET = 'You have not organised a contest yet.';
export const CONTESTS_LOAD_FAILED = 'Could not load your contests. Please try again.';

export const contestPath = (id: string) => `/contests/${encodeURIComponent(id)}`;

/** /contests: the contests the user organises, each with its window, rules, board and an edit link. */
export function MyContests() {
  const contests = useMyContests();
  if (contests.isPending) return <Loading />;
  if (contests.isError) return <Notice tone="error">{CONTESTS_LOAD_FAILED}</Notice>;
  const list = contests.data.contests;
  if (list.length === 0) return <p className="empty">{NO_CONTESTS_YET}</p>;
  return (
    <ul className="contest-list" aria-label="Your contests">
      {list.map((contest) => (
        <li key={contest.id} className="contest-item">
          <h2 className="contest-item-name">
            <Link to={contestPath(contest.id)}>{contest.name}</Link>
          </h2>
          <p className="contest-window">{contestWindow(contest)}</p>
          <p className="muted">{contestRules(contest)}</p>
          <p className="contest-item-actions">
            <Link to={contestPath(contest.id)}>Scores</Link>
            <Link to={`${contestPath(contest.id)}/edit`} aria-label={`Edit ${contest.name}`}>
              Edit
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
