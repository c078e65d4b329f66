import type { AwardCard } from '@hamlog/domain/award-tracking/api';
import { formatCount } from '@/components/charts/series';
import { creditWord, percentOf, progressTarget, unitFor } from '../utils/progress';

function targetText(card: AwardCard, target: ReturnType<typeof progressTarget>): string {
  if (!target) return ` ${unitFor(card, card.confirmed)}`;
  if (target.kind === 'total') return ` of ${formatCount(target.of)}`;
  return card.confirmed < target.of ? ` of ${formatCount(target.of)} for the award` : `: the award’s ${formatCount(target.of)} reached`;
}

/**
 * '97 confirmed of 100 for the award', '132 worked' and a bar: the worked share (light) behind the confirmed
 * one (strong), toward the basic award's goal, or the total once the goal is reached.
 */
export function AwardProgress({ card }: { card: AwardCard }) {
  const target = progressTarget(card);
  const credit = creditWord(card);
  return (
    <div className="ap-progress">
      <p className="ap-progress-text">
        <strong className="ap-progress-count">{formatCount(card.confirmed)}</strong> {credit}
        {targetText(card, target)}
      </p>
      <p className="ap-progress-worked-text">{formatCount(card.worked)} worked</p>
      {target ? (
        <div className="ap-bar" aria-hidden="true">
          <span className="ap-bar-worked" style={{ width: `${percentOf(card.worked, target.of)}%` }} />
          <span className="ap-bar-confirmed" style={{ width: `${percentOf(card.confirmed, target.of)}%` }} />
        </div>
      ) : null}
    </div>
  );
}
