import { Link } from 'react-router-dom';
import type { AwardCard } from '@hamlog/domain/award-tracking/api';
import { awardPagePath } from '../utils/award-paths';
import { AwardProgress } from './award-progress-bar';
import { AwardTallies } from './award-tallies';

/** One award at a glance: name and sponsor, the progress toward it, its tallies, and a way in. */
export function AwardProgressCard({ card }: { card: AwardCard }) {
  const headingId = `award-card-${card.id}`;
  return (
    <li className="card ap-card">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="ap-card-name">
          <Link to={awardPagePath(card.id)}>{card.name}</Link>
        </h2>
        <p className="ap-card-sponsor muted">{card.sponsor}</p>
        <AwardProgress card={card} />
        <AwardTallies card={card} />
      </article>
    </li>
  );
}
