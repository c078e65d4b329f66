import { Link } from 'react-router-dom';
import type { Qso } from '@/types/api';
import { khzToMhz } from '@/utils/frequency';
import { countryLabel, modeLabel, stationPath } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';
import type { PageSelection } from '../hooks/use-page-selection';
import { ConfirmedBadges } from './confirmed-badges';
import { SelectBox } from './select-box';

/** The page's QSOs, each with a box to choose it (the header's box: the whole page); `busy` while the next page loads and this one is still shown. */
export function LogbookTable({ qsos, selection, busy = false }: { qsos: Qso[]; selection: PageSelection; busy?: boolean }) {
  return (
    // Focusable, so a keyboard user can scroll the wide table sideways on a phone.
    <div className={busy ? 'table-scroll is-busy' : 'table-scroll'} role="region" aria-label="Logbook table" tabIndex={0} aria-busy={busy || undefined}>
      <table className="table logbook-table">
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <SelectBox label="Select this page" checked={selection.page === 'all'} mixed={selection.page === 'some'} onChange={selection.togglePage} />
            </th>
            <th scope="col">Edit</th>
            <th scope="col">Time (UTC)</th>
            <th scope="col">
              <span className="sr-only">Info</span>
            </th>
            <th scope="col">Call</th>
            <th scope="col">Mode</th>
            <th scope="col">Band</th>
            <th scope="col" className="num">
              Freq (MHz)
            </th>
            <th scope="col">Name</th>
            <th scope="col">Country</th>
            <th scope="col">Confirmed</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {qsos.map((q) => (
            <tr key={q.qdo_id} className={selection.has(q.qdo_id) ? 'is-selected' : undefined}>
              <td className="select-cell">
                <SelectBox label={`Select ${q.Call} at ${formatUtcMinute(q.TS)}`} checked={selection.has(q.qdo_id)} onChange={() => selection.toggle(q.qdo_id)} />
              </td>
              <td>
                <Link to={`/logger/${encodeURIComponent(q.qdo_id)}`}>
                  Edit<span className="sr-only"> {q.Call}</span>
                </Link>
              </td>
              <td className="nowrap">{formatUtcMinute(q.TS)}</td>
              <td>
                <Link to={`/qso/${encodeURIComponent(q.qdo_id)}`} className="info-link" title="QSO details">
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                    <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                    <circle cx="10" cy="6.2" r="1.2" fill="currentColor" />
                    <rect x="9" y="8.6" width="2" height="6.2" rx="0.8" fill="currentColor" />
                  </svg>
                  <span className="sr-only">Details of {q.Call}</span>
                </Link>
              </td>
              <td className="call">
                <Link to={stationPath(q.Call)}>{q.Call}</Link>
              </td>
              <td className="nowrap">{modeLabel(q.Mode, q.SubMode)}</td>
              <td>{q.Band}</td>
              <td className="num">{khzToMhz(q.Freq)}</td>
              <td>{q.Name}</td>
              <td className="nowrap">{countryLabel(q.dxcc, q.country)}</td>
              <td>
                <ConfirmedBadges qso={q} />
              </td>
              <td className="comment">{q.Comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
