import type { AwardExcluded } from '@hamlog/domain/award-tracking/api';
import './award-grid.css';

/** QSOs the award's rules refuse, by reason, as the server words it: '3 QSOs not credited: made through a repeater or the internet.' */
export function ExcludedList({ excluded }: { excluded: readonly AwardExcluded[] }) {
  if (excluded.length === 0) return null;
  return (
    <section className="ap-excluded" aria-labelledby="award-excluded-heading">
      <h2 id="award-excluded-heading">Not credited</h2>
      <ul className="plain-list">
        {excluded.map((item) => (
          <li key={item.reason}>{item.text}</li>
        ))}
      </ul>
    </section>
  );
}
