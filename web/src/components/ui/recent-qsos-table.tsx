import { Link } from 'react-router-dom';
import { isContestQso } from '@hamlog/domain/community/rules';
import { FrequencyText } from '@/components/ui/frequency-text';
import { formatUtcMinute } from '@/utils/time';
import { modeLabel, stationPath } from '@/utils/qso-format';

/** What a public list of a station's QSOs shows of each (the public profile, the live station page). */
export interface PublicQsoRow {
  qdo_id: string;
  TS: string;
  Call: string;
  Band: string;
  Mode: string;
  SubMode?: string | null;
  /** kHz; shown only when the table has the column. */
  Freq?: number | null;
  ContestName?: string | null;
}

/** A station's QSOs, newest first: time, the worked station (its page), band, mode, optionally the frequency (masked for contest QSOs), and a link to each QSO's page. */
export function RecentQsosTable({ qsos, withFrequency = false }: { qsos: PublicQsoRow[]; withFrequency?: boolean }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Time (UTC)</th>
            <th scope="col">Call</th>
            <th scope="col">Band</th>
            <th scope="col">Mode</th>
            {withFrequency ? <th scope="col">Freq (MHz)</th> : null}
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
              {withFrequency ? (
                <td>
                  <FrequencyText khz={q.Freq} masked={isContestQso(q.ContestName ?? '')} />
                </td>
              ) : null}
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
  );
}
