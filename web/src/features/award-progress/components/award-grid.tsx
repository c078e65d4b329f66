import type { AwardCard, AwardColumn, AwardPageAnswer, AwardRow, AwardValueState } from '@hamlog/domain/award-tracking/api';
import { SERVICE_NAMES, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { formatCount } from '@/components/charts/series';
import { creditWord, qsoCount } from '../utils/progress';
import { cellState, STATE_LETTERS, stateWord } from '../utils/value-states';
import './award-grid.css';

function StateCell({ state, card }: { state: AwardValueState; card: AwardCard }) {
  return (
    <td className={`ap-cell ap-state-${state}`}>
      <span aria-hidden="true">{STATE_LETTERS[state]}</span>
      <span className="sr-only">{stateWord(state, card)}</span>
    </td>
  );
}

/** A band's header: the band, confirmed/worked on it, and VUCC's goal for it. */
function ColumnHeader({ column, card }: { column: AwardColumn; card: AwardCard }) {
  const goal = column.goal === null ? '' : `, goal ${formatCount(column.goal)}`;
  return (
    <th scope="col" className="ap-col">
      <span aria-hidden="true">
        <span className="ap-col-band">{column.band}</span>
        <span className="ap-col-counts">
          {formatCount(column.confirmed)}/{formatCount(column.worked)}
        </span>
        {column.goal !== null ? <span className="ap-col-goal">of {formatCount(column.goal)}</span> : null}
      </span>
      <span className="sr-only">{`${column.band}: ${formatCount(column.worked)} worked, ${formatCount(column.confirmed)} ${creditWord(card)}${goal}`}</span>
    </th>
  );
}

function confirmedBy(row: AwardRow): string {
  const counts = Object.entries(row.confirmed_by) as [ConfirmationService, number][];
  const named = counts.filter(([, n]) => n > 0).map(([service, n]) => `${SERVICE_NAMES[service]} ${formatCount(n)}`);
  return named.length > 0 ? ` · confirmed by ${named.join(', ')}` : '';
}

/** The value's name and note; opening it says why it is (not) credited, which works on touch as well as with keys. */
function RowHeader({ row }: { row: AwardRow }) {
  return (
    <th scope="row" className="ap-grid-value">
      <details className="ap-why">
        <summary>
          <span className="ap-row-label">{row.label}</span>
          {row.note ? <span className="ap-row-note">{row.note}</span> : null}
        </summary>
        <p>{row.why}</p>
        <p className="muted">
          {qsoCount(row.qsos)}
          {confirmedBy(row)}
        </p>
      </details>
    </th>
  );
}

/**
 * The award's grid: a row per value, its state on all bands, then a column per band with QSOs.
 * Each cell says its state by letter and in words (C confirmed, W worked, empty needed), the
 * colour repeats it. Wide grids scroll sideways inside their frame, the first column kept.
 */
export function AwardGrid({ answer }: { answer: AwardPageAnswer }) {
  const { card, columns, rows } = answer;
  const allHeader = columns.length > 0 ? 'All bands' : 'State';
  return (
    <div className="ap-grid-scroll" role="region" aria-label={`${card.name} grid`} tabIndex={0}>
      <table className="ap-grid">
        <caption className="sr-only">{`${card.name}: a row per ${card.unit[0]}, a column per band`}</caption>
        <thead>
          <tr>
            <th scope="col" className="ap-grid-value">
              {card.unit[0].charAt(0).toUpperCase() + card.unit[0].slice(1)}
            </th>
            <th scope="col" className="ap-col ap-col-all">
              {allHeader}
            </th>
            {columns.map((column) => (
              <ColumnHeader key={column.band} column={column} card={card} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.value}>
              <RowHeader row={row} />
              <StateCell state={row.state} card={card} />
              {columns.map((column) => (
                <StateCell key={column.band} state={cellState(row.cells[column.band])} card={card} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
