import { LOADING_FEED } from '@hamlog/domain/messages';
import { useLatestAwards } from '../api/get-latest-awards';
import { AwardCard } from './award-card';
import './awards.css';

/** The newest `count` awards (3 on the home strip, 6 in the awards pane). */
export function AwardsList({ count, label }: { count: number; label: string }) {
  const awards = (useLatestAwards().data?.awards ?? []).slice(0, count);
  if (awards.length === 0) {
    return <p className="muted">{LOADING_FEED}</p>;
  }
  return (
    <ul className="awards-list" aria-label={label}>
      {awards.map((award) => (
        <AwardCard key={award.id} award={award} />
      ))}
    </ul>
  );
}
