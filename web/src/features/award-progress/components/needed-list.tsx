import { Link } from 'react-router-dom';
import type { AwardNeededAnswer, NeededQso, NeededQsoService } from '@hamlog/domain/award-tracking/api';
import { SERVICE_NAMES, type ConfirmationState } from '@hamlog/domain/qso/confirmations';
import { formatCount } from '@/components/charts/series';
import { formatUtcMinute } from '@/utils/time';
import { unitFor } from '../utils/progress';
import './needed-list.css';

/** The badge tone of a service's state: done, on its way, refused, or nothing yet. */
const STATE_TONES: Readonly<Record<ConfirmationState, string>> = {
  confirmed: 'badge-success',
  accepted: 'badge-info',
  sent: 'badge-info',
  requested: 'badge-info',
  queued: 'badge-warning',
  rejected: 'badge-danger',
  'not-sent': 'badge-muted',
};

function ServiceLine({ service }: { service: NeededQsoService }) {
  return (
    <li className="ap-service">
      <span className={`badge ${STATE_TONES[service.state]}`}>{SERVICE_NAMES[service.service]}</span> {service.text}
    </li>
  );
}

function NeededQsoItem({ qso }: { qso: NeededQso }) {
  return (
    <li className="ap-needed-qso">
      <p className="ap-needed-qso-head">
        <Link to={`/qso/${encodeURIComponent(qso.qdo_id)}`}>
          <span className="ap-needed-time">{formatUtcMinute(qso.ts)}</span> <span className="ap-needed-call">{qso.call}</span>
        </Link>{' '}
        <span className="muted">
          {qso.band} {qso.mode}
        </span>
      </p>
      <ul className="ap-services" aria-label={`What could confirm the QSO with ${qso.call}`}>
        {qso.services.map((service) => (
          <ServiceLine key={service.service} service={service} />
        ))}
      </ul>
    </li>
  );
}

/** Each value worked but not confirmed, with the QSOs that could confirm it and where each stands with every service. */
export function NeededList({ answer }: { answer: AwardNeededAnswer }) {
  const { card, values } = answer;
  if (values.length === 0) {
    return <p className="empty">Nothing worked is waiting for a confirmation{answer.band ? ` on ${answer.band}` : ''}.</p>;
  }
  return (
    <section aria-labelledby="award-needed-heading">
      <h2 id="award-needed-heading">
        Worked, not confirmed: {formatCount(answer.total_values)} {unitFor(card, answer.total_values)}
      </h2>
      {answer.total_values > values.length ? (
        <p className="muted">
          The first {formatCount(values.length)} are listed; narrow by band or mode to see others.
        </p>
      ) : null}
      <ul className="ap-needed">
        {values.map((value) => (
          <li key={value.value} className="card ap-needed-value">
            <h3>{value.label}</h3>
            <ul className="ap-needed-qsos">
              {value.qsos.map((qso) => (
                <NeededQsoItem key={qso.qdo_id} qso={qso} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
