import type { ConfirmationState, ConfirmationStatus } from '@hamlog/domain/qso/confirmations';
import { stateWords, statusDay } from '../utils/detail-sections';

const TONE: Readonly<Record<ConfirmationState, string>> = {
  confirmed: 'badge-success',
  accepted: 'badge-info',
  sent: 'badge-info',
  queued: 'badge-warning',
  requested: 'badge-warning',
  rejected: 'badge-danger',
  'not-sent': 'badge-muted',
};

/** A service's status in words, in a small badge whose colour only repeats them, and its day. */
export function ConfirmationBadge({ status }: { status: ConfirmationStatus }) {
  const day = statusDay(status);
  return (
    <>
      <span className={`badge ${TONE[status.state]}`}>{stateWords(status.state)}</span>
      {day ? <> {day}</> : null}
    </>
  );
}
