import { Link } from 'react-router-dom';
import type { Qso } from '@/types/api';
import { khzToMhz } from '@/utils/frequency';
import { countryLabel, modeLabel, stationPath } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';
import { confirmedBy } from '../utils/confirmed';
import type { PageSelection } from '../hooks/use-page-selection';
import { ConfirmedBadges } from './confirmed-badges';
import { SelectBox } from './select-box';

/** The logbook on a phone: one card per QSO, everything readable without scrolling sideways, each with a box to choose it. */
export function LogbookCards({ qsos, selection, busy = false }: { qsos: Qso[]; selection: PageSelection; busy?: boolean }) {
  return (
    <ul className={busy ? 'logbook-cards is-busy' : 'logbook-cards'} aria-label="QSOs" aria-busy={busy || undefined}>
      {qsos.map((q) => {
        const country = countryLabel(q.dxcc, q.country);
        return (
          <li key={q.qdo_id} className={selection.has(q.qdo_id) ? 'logbook-card is-selected' : 'logbook-card'}>
            <div className="logbook-card-head">
              <span className="logbook-card-pick">
                <SelectBox label={`Select ${q.Call} at ${formatUtcMinute(q.TS)}`} checked={selection.has(q.qdo_id)} onChange={() => selection.toggle(q.qdo_id)} />
                <Link to={stationPath(q.Call)} className="logbook-card-call">
                  {q.Call}
                </Link>
              </span>
              <span className="logbook-card-time">{formatUtcMinute(q.TS)} UTC</span>
            </div>
            <p className="logbook-card-line">
              <span>{q.Band}</span>
              <span>{modeLabel(q.Mode, q.SubMode)}</span>
              <span>{khzToMhz(q.Freq)} MHz</span>
              {q.SNT || q.RCV ? (
                <span>
                  RST {q.SNT || '–'}/{q.RCV || '–'}
                </span>
              ) : null}
            </p>
            {q.Name || country ? (
              <p className="logbook-card-line">
                {q.Name ? <span>{q.Name}</span> : null}
                {country ? <span>{country}</span> : null}
              </p>
            ) : null}
            {q.Comment ? <p className="logbook-card-comment">{q.Comment}</p> : null}
            {confirmedBy(q.adif).length > 0 ? (
              <p className="logbook-card-line">
                <span>Confirmed</span>
                <ConfirmedBadges qso={q} />
              </p>
            ) : null}
            <p className="logbook-card-actions">
              <Link to={`/logger/${encodeURIComponent(q.qdo_id)}`} className="btn btn-secondary btn-small">
                Edit<span className="sr-only"> {q.Call}</span>
              </Link>
              <Link to={`/qso/${encodeURIComponent(q.qdo_id)}`} className="btn btn-secondary btn-small">
                Details<span className="sr-only"> of {q.Call}</span>
              </Link>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
