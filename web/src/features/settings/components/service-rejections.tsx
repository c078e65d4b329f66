import { Link } from 'react-router-dom';
import { formatUtcMinute } from '@/utils/time';
import type { ServiceState } from '../api/services';

/** The QSOs a service refused most recently, each with the service's reason and a link to the QSO. */
export function ServiceRejections({ state }: { state: ServiceState }) {
  if (state.rejections.length === 0) return null;
  const headingId = `rejections-${state.service}`;
  const more = state.counts.rejected - state.rejections.length;
  return (
    <div className="service-rejections">
      <h4 id={headingId}>Refused by {state.name}</h4>
      <ul aria-labelledby={headingId}>
        {state.rejections.map((r) => (
          <li key={r.qdo_id}>
            <Link to={`/qso/${encodeURIComponent(r.qdo_id)}`}>
              {r.call} at {formatUtcMinute(r.ts)} UTC
            </Link>
            <span className="service-rejection-reason">{r.reason}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="field-hint">And {more.toLocaleString('en-US')} more refused earlier.</p> : null}
      <p className="field-hint">Correct a refused QSO and HamLog sends it again.</p>
    </div>
  );
}
