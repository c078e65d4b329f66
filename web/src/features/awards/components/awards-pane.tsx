import { AWARD_RULES_TEXT, AWARDS_IN_PANE } from '@hamlog/domain/community/rules';
import { PRODUCT_NAME } from '@/config/app';
import { AwardsList } from './awards-list';

/** The awards pane: the rules, then the six most recently awarded. */
export function AwardsPane() {
  return (
    <div className="awards-pane">
      <section aria-labelledby="award-rules-heading" className="award-rules">
        <h2 id="award-rules-heading">{PRODUCT_NAME} Awards</h2>
        <p>{AWARD_RULES_TEXT}</p>
      </section>
      <section aria-labelledby="awards-recent-heading">
        <h2 id="awards-recent-heading">Recently awarded</h2>
        <AwardsList count={AWARDS_IN_PANE} label="Recently awarded" />
      </section>
    </div>
  );
}
