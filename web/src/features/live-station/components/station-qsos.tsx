import { Link } from 'react-router-dom';
import { isContestQso } from '@hamlog/domain/community/rules';
import type { LiveStationQso } from '@hamlog/domain/live-station/api';
import { LIVE_STATION_NO_QSOS } from '@hamlog/domain/live-station/texts';
import { FrequencyText } from '@/components/ui/frequency-text';
import { formatUtcMinute } from '@/utils/time';
import { modeLabel, stationPath } from '@/utils/qso-format';

/** The station's latest QSOs, newest first, each linking to its page. */
export function StationQsos({ qsos }: { qsos: LiveStationQso[] | undefined }) {
  return (
    <section className="card live-qsos" aria-labelledby="live-qsos-heading">
      <h2 id="live-qsos-heading">Latest QSOs</h2>
      {qsos === undefined ? null : qsos.length === 0 ? (
        <p className="muted">{LIVE_STATION_NO_QSOS}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Call</th>
                <th scope="col">Band</th>
                <th scope="col">Mode</th>
                <th scope="col">Freq (MHz)</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {qsos.map((q) => (
                <tr key={q.qdo_id}>
                  <td className="nowrap">{formatUtcMinute(q.TS)}</td>
                  <td>
                    <Link to={stationPath(q.Call)}>{q.Call}</Link>
                  </td>
                  <td>{q.Band}</td>
                  <td>{modeLabel(q.Mode, q.SubMode)}</td>
                  <td>
                    <FrequencyText khz={q.Freq} masked={isContestQso(q.ContestName)} />
                  </td>
                  <td>
                    <Link to={`/qso/${encodeURIComponent(q.qdo_id)}`}>
                      Details<span className="sr-only"> of the QSO with {q.Call} at {formatUtcMinute(q.TS)}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
