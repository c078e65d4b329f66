import { CheckboxField } from '@/components/ui/checkbox-field';
import type { FeedFilterName, FeedFilters as Filters, ViewType } from '../utils/feed';

const LABELS: Record<FeedFilterName, string> = {
  reverseOrder: 'Reverse order',
  onAirOnly: 'On air only',
  cqOnly: 'CQ only',
  following: 'Following only',
};

/** The feed's filters and view type; 'Following only' is for signed-in viewers (visitors follow nobody). */
export function FeedFilters({
  filters,
  onFilter,
  viewType,
  onViewType,
  canFollow,
}: {
  filters: Filters;
  onFilter: (name: FeedFilterName, next: boolean) => void;
  viewType: ViewType;
  onViewType: (next: ViewType) => void;
  canFollow: boolean;
}) {
  const names = (Object.keys(LABELS) as FeedFilterName[]).filter((name) => canFollow || name !== 'following');
  return (
    <div className="feed-filters" role="group" aria-label="Feed filters">
      {names.map((name) => (
        <CheckboxField key={name} label={LABELS[name]} checked={filters[name]} onChange={(e) => onFilter(name, e.target.checked)} />
      ))}
      <div className="feed-view" role="group" aria-label="View">
        {(['cards', 'list'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn-chip"
            aria-pressed={viewType === type}
            onClick={() => onViewType(type)}
          >
            {type === 'cards' ? 'Cards' : 'List'}
          </button>
        ))}
      </div>
    </div>
  );
}
