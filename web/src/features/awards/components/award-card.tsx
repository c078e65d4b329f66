import { Link } from 'react-router-dom';
import type { AwardItem } from '@hamlog/domain/community/api-shapes';
import { stationPath } from '@/utils/qso-format';
import { awardImageUrl } from '../utils/award-image';

/** Shown at this many CSS pixels; the picture is asked for at twice that for sharp screens. */
const IMAGE_WIDTH = 160;

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
