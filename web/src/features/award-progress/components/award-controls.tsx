import { AWARD_MODE_GROUPS, AWARD_MODE_LABELS, type AwardModeGroup, type TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import type { AwardValueState } from '@hamlog/domain/award-tracking/api';
import { SelectField } from '@/components/ui/select-field';
import type { UpdateFilters } from '../hooks/use-award-filters';
import type { AwardSources } from '../hooks/use-award-sources';
import type { AwardFilters } from '../utils/award-filters';
import { AwardSearch } from './award-search';
import { ChipGroup } from './chip-group';
import { SourcesPicker } from './sources-picker';

const MODE_OPTIONS: readonly (readonly ['' | AwardModeGroup, string])[] = [['', 'All'], ...AWARD_MODE_GROUPS.map((mode) => [mode, AWARD_MODE_LABELS[mode]] as const)];

/** Log-based awards call a confirmed value credited. */
function statusOptions(award: TrackedAward): readonly (readonly ['' | AwardValueState, string])[] {
  return [
    ['', 'All'],
    ['worked', 'Worked'],
    ['confirmed', award.basis === 'qsl' ? 'Confirmed' : 'Credited'],
    ['needed', 'Needed'],
  ];
}

/**
 * What the chosen view can be narrowed by: the grid by mode group, status and a search; the
 * needed list by band and mode group; the map by band. Every view by the services that count.
 */
export function AwardControls({ award, filters, update, sources }: { award: TrackedAward; filters: AwardFilters; update: UpdateFilters; sources: AwardSources }) {
  const { view } = filters;
  const byMode = award.dimensions === 'band-mode' && view !== 'map';
  const byBand = award.dimensions !== 'none' && view !== 'grid';
  return (
    <div className="card ap-controls">
      {byBand ? (
        <SelectField
          className="ap-band"
          label="Band"
          value={filters.band}
          options={[{ value: '', label: 'All bands' }, ...award.bands.map((band) => ({ value: band, label: band }))]}
          onChange={(e) => update({ band: e.target.value })}
        />
      ) : null}
      {byMode ? <ChipGroup label="Mode" options={MODE_OPTIONS} value={filters.mode} onChange={(mode) => update({ mode })} /> : null}
      {view === 'grid' ? (
        <>
          <ChipGroup label="Show" options={statusOptions(award)} value={filters.status} onChange={(status) => update({ status })} />
          <AwardSearch query={filters.q} unit={award.unit[0]} onSearch={(q) => update({ q })} />
        </>
      ) : null}
      {award.basis === 'qsl' ? <SourcesPicker award={award} sources={sources} /> : null}
    </div>
  );
}
