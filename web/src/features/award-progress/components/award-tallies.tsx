import type { AwardCard } from '@hamlog/domain/award-tracking/api';
import { formatCount } from '@/components/charts/series';
import { creditWord, tallyText } from '../utils/progress';
import { FoldOnPhones } from './fold-on-phones';

/** The tallies as chips, 'CW 61/88': confirmed over worked (and the goal where one is set). */
function TallyChips({ card }: { card: AwardCard }) {
  return (
    <ul className="ap-tallies" aria-label={`${card.name} tallies`}>
      {card.tallies.map((tally) => (
        <li key={tally.label} className="ap-tally">
          <span aria-hidden="true">
            <span className="ap-tally-label">{tally.label}</span> {formatCount(tally.confirmed)}
            <span className="muted">/{formatCount(tally.worked)}</span>
            {tally.goal !== null ? <span className="muted"> of {formatCount(tally.goal)}</span> : null}
          </span>
          <span className="sr-only">{tallyText(tally, card)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Mode groups, bands and the award's own totals. */
export function AwardTallies({ card }: { card: AwardCard }) {
  if (card.tallies.length === 0) return null;
  return (
    <FoldOnPhones summary="Modes and bands">
      <p className="ap-tallies-key muted">{creditWord(card) === 'confirmed' ? 'Confirmed / worked' : 'Credited / worked'}</p>
      <TallyChips card={card} />
    </FoldOnPhones>
  );
}
