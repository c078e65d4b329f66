import { AWARDS_ON_HOME_STRIP } from '@hamlog/domain/community/rules';
import { AwardsList } from './awards-list';

/** The home pane's strip: the three newest awards. */
export function AwardsStrip() {
  return (
    <section className="awards-strip" aria-labelledby="awards-strip-heading">
      <h2 id="awards-strip-heading">Recent awards</h2>
      <AwardsList count={AWARDS_ON_HOME_STRIP} label="Recent awards" />
    </section>
  );
}
