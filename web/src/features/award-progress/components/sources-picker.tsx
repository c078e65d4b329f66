import type { TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { CONFIRMATION_SERVICES, SERVICE_NAMES } from '@hamlog/domain/qso/confirmations';
import { CheckboxField } from '@/components/ui/checkbox-field';
import type { AwardSources } from '../hooks/use-award-sources';
import { serviceList } from '../utils/progress';

/** 'Count confirmations from' the five services; the desk's own list is the default, and one box always stays ticked. */
export function SourcesPicker({ award, sources }: { award: TrackedAward; sources: AwardSources }) {
  const only = sources.shown.length === 1 ? sources.shown[0] : undefined;
  return (
    <fieldset className="ap-sources">
      <legend className="ap-control-label">Count confirmations from</legend>
      <div className="ap-sources-boxes">
        {CONFIRMATION_SERVICES.map((service) => (
          <CheckboxField
            key={service}
            label={SERVICE_NAMES[service]}
            checked={sources.shown.includes(service)}
            disabled={service === only}
            onChange={() => sources.toggle(service)}
          />
        ))}
      </div>
      <p className="field-hint">
        The award’s desk accepts {serviceList(award.accepted)}.{' '}
        <button type="button" className="btn btn-link btn-small" onClick={sources.reset} disabled={sources.desk && sources.requested === null}>
          Desk’s rules
        </button>
      </p>
    </fieldset>
  );
}
