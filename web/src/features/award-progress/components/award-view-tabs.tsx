import { Link, useLocation } from 'react-router-dom';
import type { TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { awardViews, searchFor, type AwardFilters, type AwardView } from '../utils/award-filters';

const VIEW_NAMES: Readonly<Record<AwardView, string>> = { grid: 'Grid', needed: 'Needed', map: 'Map' };

/** Links, so each view has its own address; the filters that apply to it go along. */
export function AwardViewTabs({ award, filters }: { award: TrackedAward; filters: AwardFilters }) {
  const { pathname } = useLocation();
  const views = awardViews(award);
  if (views.length < 2) return null;
  return (
    <nav className="ap-views" aria-label={`${award.name} views`}>
      {views.map((view) => (
        <Link
          key={view}
          to={{ pathname, search: searchFor({ ...filters, view, offset: 0 }) }}
          className="btn btn-chip ap-view"
          aria-current={view === filters.view ? 'page' : undefined}
        >
          {VIEW_NAMES[view]}
        </Link>
      ))}
    </nav>
  );
}
