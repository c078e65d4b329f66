import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ContestBoardAnswer, ContestRow, ContestSummary } from '@hamlog/domain/community/api-shapes';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { contestRules, contestWindow } from '../utils/format';
import './contest-scores.css';

export const SCORES_LOAD_FAILED = 'Could not load the scores. Trying again shortly.';
export const NO_CONTACTS_YET = 'No contacts logged in this contest yet.';

/** A contest board's states: loading, error (kept above the last good board), empty, and the board. */
export function ContestBoardFrame({
  board,
  children,
}: {
  board: UseQueryResult<ContestBoardAnswer>;
  children: (rows: ContestRow[], contest: ContestSummary) => ReactNode;
}) {
  if (board.isPending) return <Loading />;
  const answer = board.data;
  return (
    <div className="contest-board" aria-busy={board.isFetching}>
      {board.isError ? (
        // No such contest (a mistyped or old link) says so; anything else is tried again at the next refresh.
        <Notice tone="error">{isApiError(board.error) && board.error.status === 404 ? board.error.message : SCORES_LOAD_FAILED}</Notice>
      ) : null}
      {answer ? (
        <>
          <header className="contest-summary">
            <h2>{answer.contest.name}</h2>
            <p className="contest-window">{contestWindow(answer.contest)}</p>
            <p className="contest-rules muted">{contestRules(answer.contest)}</p>
          </header>
          {answer.contest_lb.length === 0 ? <p className="empty">{NO_CONTACTS_YET}</p> : children(answer.contest_lb, answer.contest)}
        </>
      ) : null}
    </div>
  );
}
