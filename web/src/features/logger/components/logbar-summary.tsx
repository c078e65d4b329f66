import { Link } from 'react-router-dom';
import type { LogbarAnswer } from '@/types/api';
import { stationPath } from '@/utils/qso-format';
import { formatDuration } from '../utils/durations';

/** The searched callsign's QSO count with First and Last, and the locally kept counters. */
export function LogbarSummary({
  answer,
  sessionCount,
  averageSeconds,
  onResetCounters,
}: {
  answer: LogbarAnswer | undefined;
  sessionCount: number;
  averageSeconds: number;
  onResetCounters: () => void;
}) {
  return (
    <div className="logbar-summary">
      {answer ? (
        <dl className="logbar-counts" aria-label={`QSOs with ${answer.callsign}`}>
          <div>
            <dt>QSOs</dt>
            <dd>{answer.total_qsos}</dd>
          </div>
          <div>
            <dt>First</dt>
            <dd>{answer.human_time_since_first_qso ?? '—'}</dd>
          </div>
          <div>
            <dt>Last</dt>
            <dd>{answer.human_time_since_last_qso ?? '—'}</dd>
          </div>
          {answer.user ? (
            <div>
              <dt>On air here</dt>
              <dd>
                <Link to={stationPath(answer.user.my_callsign)}>{answer.user.my_callsign}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <dl className="logbar-counts" aria-label="Counters">
        <div>
          <dt>Session QSOs</dt>
          <dd>{sessionCount}</dd>
        </div>
        <div>
          <dt>Average QSO</dt>
          <dd>{formatDuration(averageSeconds)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-link" onClick={onResetCounters}>
        Reset Counters
      </button>
    </div>
  );
}
