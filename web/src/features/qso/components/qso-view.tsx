import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QSO_DELETED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import type { Qso, QsoHistoryEntry } from '@/types/api';
import type { QsoRejection } from '@hamlog/domain/api-types';
import { khzToMhz } from '@/utils/frequency';
import { stationPath } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';
import { FROM_QSO_PAGE, qsoEditPath } from '../utils/edit-path';
import { BackOrHome } from './back-or-home';
import { Lightbox } from './lightbox';
import { QsoDetailSections } from './qso-detail-sections';
import { QsoHistoryList } from './qso-history-list';
import { QsoRecordings } from './qso-recordings';
import { QsoSstvImages } from './qso-sstv-images';
import { ShareLinks } from './share-links';

function modeAndSubMode(q: Qso): string {
  return q.SubMode && q.SubMode !== q.Mode ? `${q.Mode} / ${q.SubMode}` : q.Mode;
}

function zone(q: Qso): string {
  const parts: string[] = [];
  if (q.cq_zone !== null && q.cq_zone !== undefined) parts.push(`CQ ${q.cq_zone}`);
  if (q.ZN !== null && q.ZN !== undefined) parts.push(`ITU ${q.ZN}`);
  return parts.join(', ');
}

/** 'DL1ABC at 2025-06-01 18:30 UTC': the page's heading and title (the server's link preview says the same). */
export function qsoHeading(q: Qso): string {
  return `${q.Call} at ${formatUtcMinute(q.TS)} UTC`;
}

/** Where the QSO's QSL card image is served (the API host, outside /api). */
export function qslCardUrl(qdoId: string): string {
  return `/qsl/${encodeURIComponent(qdoId)}`;
}

function rows(q: Qso): [string, ReactNode][] {
  return [
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
}

export interface QsoViewProps {
  qso: Qso;
  /** Only the owner has a history (and may restore). */
  history?: QsoHistoryEntry[] | undefined;
  /** The services that refused it, and why (the owner's only). */
  rejections?: QsoRejection[] | undefined;
  deleted?: boolean;
  onRestore?: () => void;
  restoring?: boolean;
  restoreFailed?: boolean;
  /** The page's own address, for sharing. */
  pageUrl?: string;
  /** The owner may edit every field of a live QSO ('Edit all fields'). */
  editable?: boolean;
}

/** One QSO: heading, recordings, QSL card, details and detail sections, SSTV images and (for its owner) its history and edit link. */
export function QsoView({ qso: q, history, rejections, deleted = false, onRestore, restoring = false, restoreFailed = false, pageUrl, editable = false }: QsoViewProps) {
  const heading = qsoHeading(q);
  return (
    <article className="page page-narrow qso-detail">
      <header className="page-header">
        <h1>{heading}</h1>
        <div className="page-actions">
          {editable && !deleted ? (
            <Link to={qsoEditPath(q.qdo_id)} state={FROM_QSO_PAGE} className="btn btn-secondary">
              Edit all fields
            </Link>
          ) : null}
          <BackOrHome />
        </div>
      </header>
      {deleted ? (
        <div className="qso-deleted">
          <Notice tone="warning">{QSO_DELETED}</Notice>
          {onRestore ? (
            <button type="button" className="btn btn-primary" onClick={onRestore} disabled={restoring}>
              {restoring ? 'Restoring…' : 'Restore'}
            </button>
          ) : null}
          {restoreFailed ? <Notice tone="error">Restoring failed. Please try again.</Notice> : null}
        </div>
      ) : null}
      <QsoRecordings files={q.mp3s ?? []} />
      {deleted ? null : (
        <section className="qso-section" aria-labelledby="qso-qsl">
          <h2 id="qso-qsl">QSL card</h2>
          <Lightbox className="qso-qsl" src={qslCardUrl(q.qdo_id)} alt={`QSL card: ${q.station_callsign} to ${q.Call}`} label="QSL card" />
        </section>
      )}
      <table className="table details-table">
        <tbody>
          {rows(q).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value === '' || value === null || value === undefined ? '—' : value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <QsoDetailSections adif={q.adif} rejections={rejections} />
      <QsoSstvImages files={q.sstvs ?? []} call={q.Call} />
      {!deleted && pageUrl ? <ShareLinks url={pageUrl} title={heading} /> : null}
      {history ? <QsoHistoryList entries={history} /> : null}
    </article>
  );
}
