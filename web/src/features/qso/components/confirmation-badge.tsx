import type { ConfirmationState } from '@hamlog/domain/qso/confirmations';
import { stateWords, statusDay, type ServiceStatusView } from '../utils/detail-sections';

const TONE: Readonly<Record<ConfirmationState, string>> = {
  confirmed: 'badge-success',
  accepted: 'badge-info',
  sent: 'badge-info',
  queued: 'badge-warning',
  requested: 'badge-warning',
  rejected: 'badge-danger',
  'not-sent': 'badge-muted',
};

/** A service's status in words, in a small badge whose colour only repeats them, and its day (or, refused, the service's reason). */
export function ConfirmationBadge({ status }: { status: ServiceStatusView }) {
  const day = statusDay(status);
  return (
    <>
      <span className={`badge ${TONE[status.state]}`}>{stateWords(status.state)}</span>
      {day ? <> {day}</> : null}
      {status.reason ? <span className="qso-rejection-reason"> {status.reason}</span> : null}
    </>
  );
}
