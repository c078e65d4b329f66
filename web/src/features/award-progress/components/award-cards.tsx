import { Link } from 'react-router-dom';
import { TRACKED_AWARDS } from '@hamlog/domain/award-tracking/catalogue';
import { useAwardCards } from '../api/get-award-cards';
import { AwardProgressCard } from './award-card';
import { LoadFailed } from '@/components/ui/load-failed';
import './award-progress.css';

export const CARDS_LOAD_FAILED = 'Your award progress could not be loaded.';
export const CARDS_EMPTY = 'Log or import QSOs to see your progress.';

/** Grey cards in the shape of the real ones while they load. */
function CardsSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading your award progress…</span>
      <ul className="ap-cards" aria-hidden="true">
        {TRACKED_AWARDS.slice(0, 6).map((award) => (
          <li key={award.id} className="card ap-card ap-card-skeleton">
            <span className="ap-skeleton-line ap-skeleton-title" />
            <span className="ap-skeleton-line" />
            <span className="ap-skeleton-line ap-skeleton-bar" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /awards: a card per award the tracker follows, for the signed-in user's log. */
export function AwardCards() {
  const cards = useAwardCards();
  if (cards.isPending) return <CardsSkeleton />;
  if (cards.isError) return <LoadFailed message={CARDS_LOAD_FAILED} onRetry={() => void cards.refetch()} />;
  if (cards.data.cards.every((card) => card.worked === 0)) {
    return (
      <div className="empty">
        <p>{CARDS_EMPTY}</p>
        <p className="ap-empty-actions">
          <Link to="/logger" className="btn btn-primary">
            Log contacts
          </Link>
          <Link to="/import-export" className="btn btn-secondary">
            Import an ADIF file
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="ap-cards" aria-label="Awards" aria-busy={cards.isFetching || undefined}>
      {cards.data.cards.map((card) => (
        <AwardProgressCard key={card.id} card={card} />
      ))}
    </ul>
  );
}
