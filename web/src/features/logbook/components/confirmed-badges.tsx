import type { Qso } from '@/types/api';
import { confirmedBy } from '../utils/confirmed';

/** The services that confirmed a QSO, as small badges with their names ('—' when none did). */
export function ConfirmedBadges({ qso }: { qso: Qso }) {
  const services = confirmedBy(qso.adif);
  if (services.length === 0) {
    return (
      <span className="confirmed-none">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not confirmed</span>
      </span>
    );
  }
  return (
    <span className="confirmed-badges">
      {services.map((s) => (
        <span key={s.service} className="badge badge-success" title={`Confirmed by ${s.name}`}>
          {s.short}
        </span>
      ))}
    </span>
  );
}
