import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CHECKED_BOARD_PAGE, type CheckedBoardAnswer, type CheckedBoardRow } from '@hamlog/domain/contests/rules/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { stationPath } from '@/utils/qso-format';
import { useCheckedBoard } from '../api/get-checked-board';
import { contestWindow } from '../utils/format';
import { NO_CONTACTS_YET, SCORES_LOAD_FAILED } from './contest-board-frame';
import { RateGraph } from './rate-graph';
import { CATEGORY_LABELS } from '../utils/category';

/** The categories a board filters by, where the contest has more than one value. */
const FILTERS = ['operator', 'power', 'assisted', 'band', 'mode', 'overlay'] as const satisfies readonly (keyof StationCategory)[];

/** 'All' or one value of each category the contest has, the board asked again at each change. */
function BoardFilter({ answer, filter, onChange }: { answer: CheckedBoardAnswer; filter: Partial<StationCategory>; onChange: (filter: Partial<StationCategory>) => void }) {
  const fields = FILTERS.filter((field) => answer.rules.categories[field].length > 1);
  if (fields.length === 0) return null;
  return (
    <fieldset className="fieldset board-filter">
      <legend>Category</legend>
      <div className="form-grid board-filter-fields">
        {fields.map((field) => (
          <SelectField
            key={field}
            label={CATEGORY_LABELS[field]}
            name={`board-${field}`}
            value={filter[field] ?? ''}
            options={[{ value: '', label: 'All' }, ...answer.rules.categories[field].map((value) => ({ value, label: value }))]}
            onChange={(e) => onChange({ ...filter, [field]: e.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** What the cross-check left out of a station's score, in a few words ('2 not in log, 1 busted call'). */
export function problemsText(row: Pick<CheckedBoardRow, 'not_in_log' | 'busted_call' | 'busted_exchange'>): string {
  const parts = [
    row.not_in_log > 0 ? `${row.not_in_log} not in log` : '',
    row.busted_call > 0 ? `${row.busted_call} busted call${row.busted_call === 1 ? '' : 's'}` : '',
    row.busted_exchange > 0 ? `${row.busted_exchange} busted exchange${row.busted_exchange === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '–';
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The board of a contest scored by real rules: each station's claimed score and its score checked
 * against the other stations' logs, what the check left out and why, uniques apart, and the rate.
 */
export function CheckedBoard({ contestId }: { contestId: string }) {
  const [filter, setFilter] = useState<Partial<StationCategory>>({});
  const [offset, setOffset] = useState(0);
  const board = useCheckedBoard(contestId, filter, offset);
  if (board.isPending) return <Loading />;
  const answer = board.data;
  return (
    <div className="contest-board" aria-busy={board.isFetching}>
      {board.isError ? <Notice tone="error">{isApiError(board.error) && board.error.status < 500 && board.error.message ? board.error.message : SCORES_LOAD_FAILED}</Notice> : null}
      {answer ? (
        <>
          <header className="contest-summary">
            <h2>{answer.contest.name}</h2>
            <p className="contest-window">{contestWindow(answer.contest)}</p>
            <p className="contest-rules muted">
              {answer.rules.name} rules · checked against every participant’s log · {number(answer.qsos)} QSOs
            </p>
          </header>
          <BoardFilter
            answer={answer}
            filter={filter}
            onChange={(next) => {
              setFilter(next);
              setOffset(0);
            }}
          />
          {answer.board.length === 0 ? (
            <p className="empty">{Object.values(filter).some(Boolean) ? 'No station of this category has logged a contact yet.' : NO_CONTACTS_YET}</p>
          ) : (
            <div className="table-scroll" role="region" aria-label="Scores table" tabIndex={0}>
              <table className="table contest-table checked-table">
                <caption className="sr-only">{answer.contest.name}: claimed and checked scores</caption>
                <thead>
                  <tr>
                    <th scope="col" className="num">Rank</th>
                    <th scope="col">Call</th>
                    <th scope="col" className="num">Checked</th>
                    <th scope="col" className="num">Claimed</th>
                    <th scope="col" className="num">QSOs</th>
                    <th scope="col" className="num">Mults</th>
                    <th scope="col">Left out</th>
                    <th scope="col" className="num">Uniques</th>
                    <th scope="col" className="num">
                      <abbr title="QSOs in the last 10 and 60 minutes, and in each hour of the contest">Rate</abbr>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {answer.board.map((row) => (
                    <BoardRow key={row.my_callsign} row={row} mine={row.my_callsign === answer.mine?.my_callsign} />
                  ))}
                  {answer.mine && (answer.mine.rank <= answer.offset || answer.mine.rank > answer.offset + answer.board.length) ? (
                    <>
                      <tr className="board-gap" aria-hidden="true">
                        <td colSpan={9}>⋯</td>
                      </tr>
                      <BoardRow row={answer.mine} mine />
                    </>
                  ) : null}
                </tbody>
              </table>
            </div>
          )}
          <BoardPager answer={answer} onPage={setOffset} />
        </>
      ) : null}
    </div>
  );
}

/** A station's row; the caller's own is marked (and shown below the board when it ranks lower). */
function BoardRow({ row, mine }: { row: CheckedBoardRow; mine: boolean }) {
  return (
    <tr className={mine ? 'mine' : undefined} aria-current={mine ? 'true' : undefined}>
      <td className="num">{row.rank}</td>
      <td className="call">
        <Link to={stationPath(row.my_callsign)}>{row.my_callsign}</Link>
      </td>
      <td className="num checked-score">{number(row.checked.score)}</td>
      <td className="num">{number(row.claimed.score)}</td>
      <td className="num">
        {number(row.checked.qsos)}
        {row.checked.qsos !== row.claimed.qsos ? <span className="muted"> / {number(row.claimed.qsos)}</span> : null}
      </td>
      <td className="num">{number(row.checked.multipliers)}</td>
      <td>{problemsText(row)}</td>
      <td className="num">{row.unique}</td>
      <td className="num">
        {row.rate_10} / {row.rate_60}
        <RateGraph call={row.my_callsign} hours={row.rate_hours} />
      </td>
    </tr>
  );
}

/** Pages through a board of more stations than one page holds. */
function BoardPager({ answer, onPage }: { answer: CheckedBoardAnswer; onPage: (offset: number) => void }) {
  if (answer.total <= CHECKED_BOARD_PAGE && answer.offset === 0) return null;
  const last = answer.offset + answer.board.length;
  return (
    <nav className="board-pager" aria-label="Board pages">
      <button type="button" className="btn" disabled={answer.offset === 0} onClick={() => onPage(Math.max(0, answer.offset - CHECKED_BOARD_PAGE))}>
        Previous {CHECKED_BOARD_PAGE}
      </button>
      <span aria-live="polite">
        Stations {number(Math.min(answer.offset + 1, answer.total))}–{number(last)} of {number(answer.total)}
      </span>
      <button type="button" className="btn" disabled={last >= answer.total} onClick={() => onPage(answer.offset + CHECKED_BOARD_PAGE)}>
        Next {CHECKED_BOARD_PAGE}
      </button>
    </nav>
  );
}
