import type { AwardCard } from '@hamlog/domain/award-tracking/api';
import type { TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { AwardProgress } from './award-progress-bar';
import { AwardTallies } from './award-tallies';
import { FoldOnPhones } from './fold-on-phones';

/** The head of an award's page: its counts for the sources chosen (once they are in) and its rules. */
export function AwardSummary({ award, card }: { award: TrackedAward; card: AwardCard | undefined }) {
  return (
    <section className="card ap-summary" aria-label={`${award.name} progress`}>
      <p className="ap-card-sponsor muted">{award.sponsor}</p>
      {card ? (
        <>
          <AwardProgress card={card} />
          <AwardTallies card={card} />
        </>
      ) : (
        <span className="ap-skeleton-line ap-skeleton-bar" aria-hidden="true" />
      )}
      <FoldOnPhones summary="Rules">
        <p className="ap-rules">{card?.rules ?? award.rules}</p>
      </FoldOnPhones>
    </section>
  );
}
