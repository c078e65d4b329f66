import { Link } from 'react-router-dom';
import { awardComputationDueAt } from '@hamlog/domain/awards/award-day';
import type { AwardItem } from '@hamlog/domain/community/api-shapes';
import { stationPath } from '@/utils/qso-format';
import { awardImageUrl } from '../utils/award-image';

/** Shown at this many CSS pixels; the picture is asked for at twice that for sharp screens. */
const IMAGE_WIDTH = 160;

export const PROVISIONAL = 'Provisional';

/** When a provisional award of `day` becomes final: 'Final after 2025-06-04 00:05 UTC; logs uploaded within 48 hours may still change it.' */
export function provisionalNote(day: string): string {
  const at = awardComputationDueAt(day, 'final');
  const when = Number.isNaN(at.getTime()) ? 'the 48-hour upload window' : `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Final after ${when}; logs uploaded within 48 hours may still change it.`;
}

export function AwardCard({ award }: { award: AwardItem }) {
  const callsign = award.user.my_callsign;
  return (
    <li className="award-card">
      <img
        className="award-image"
        src={awardImageUrl(award.id, IMAGE_WIDTH * 2)}
        width={IMAGE_WIDTH}
        height={IMAGE_WIDTH}
        alt={`${award.award.name} awarded to ${callsign}`}
        loading="lazy"
      />
      <div className="award-text">
        <p className="award-name">{award.award.name}</p>
        {award.final ? null : (
          <p>
            <span className="badge award-provisional" title={provisionalNote(award.award_date)}>
              {PROVISIONAL}
            </span>
            <span className="sr-only">{` ${provisionalNote(award.award_date)}`}</span>
          </p>
        )}
        <p>
          <Link to={stationPath(callsign)}>{callsign}</Link>
          {award.user.name ? <span className="muted"> {award.user.name}</span> : null}
        </p>
        <p className="muted">
          {award.award_date} · {award.qso_count} QSOs
        </p>
      </div>
    </li>
  );
}
