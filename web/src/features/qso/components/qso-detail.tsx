import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import type { Qso } from '@/types/api';
import { khzToMhz } from '@/utils/decimal';
import { stationPath } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';
import { useFullQso } from '../api/get-full-qso';

function modeAndSubMode(q: Qso): string {
  return q.SubMode && q.SubMode !== q.Mode ? `${q.Mode} / ${q.SubMode}` : q.Mode;
}

function zone(q: Qso): string {
  const parts: string[] = [];
  if (q.cq_zone !== null && q.cq_zone !== undefined) parts.push(`CQ ${q.cq_zone}`);
  if (q.ZN !== null && q.ZN !== undefined) parts.push(`ITU ${q.ZN}`);
  return parts.join(', ');
}

export function qsoHeading(q: Qso): string {
  return `${q.Call} at ${formatUtcMinute(q.TS)} UTC`;
}

function BackOrHome() {
  const location = useLocation();
  const navigate = useNavigate();
  // 'default' is the key of the first location of this visit: nothing of ours to go back to.
  const hasHistory = location.key !== 'default';
  return hasHistory ? (
    <button type="button" className="btn btn-secondary" onClick={() => void navigate(-1)}>
      Back
    </button>
  ) : (
    <Link to="/" className="btn btn-secondary">
      Home
    </Link>
  );
}

/** The public page of one QSO. */
export function QsoDetail({ qdoId }: { qdoId: string }) {
  const qso = useFullQso(qdoId);
  const q = qso.data;
  useDocumentTitle(q ? qsoHeading(q) : null);

  if (qso.isPending) return <Loading />;
  if (qso.isError || !q) {
    return (
      <section className="page page-narrow">
        <Notice tone="error">{MESSAGES.errorLoadingQso}</Notice>
        <div className="form-actions">
          <BackOrHome />
        </div>
      </section>
    );
  }

  const rows: [string, ReactNode][] = [
    ['Time (UTC)', formatUtcMinute(q.TS)],
    ['Station callsign', q.station_callsign ? <Link to={stationPath(q.station_callsign)}>{q.station_callsign}</Link> : ''],
    ['DX', <Link to={stationPath(q.Call)}>{q.Call}</Link>],
    ['Freq (MHz)', khzToMhz(q.Freq)],
    ['Mode', modeAndSubMode(q)],
    ['Contest', q.ContestName],
    ['Sent', q.SNT],
    ['Received', q.RCV],
    ['Comment', q.Comment],
    ['Zone', zone(q)],
    ['Power (W)', q.Power],
    ['Band', q.Band],
    ['Grid square', q.GridSquare],
    ['Continent', q.Continent],
  ];

  return (
    <article className="page page-narrow qso-detail">
      <header className="page-header">
        <h1>{qsoHeading(q)}</h1>
        <div className="page-actions">
          <BackOrHome />
        </div>
      </header>
      <table className="table details-table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value === '' || value === null || value === undefined ? '—' : value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
