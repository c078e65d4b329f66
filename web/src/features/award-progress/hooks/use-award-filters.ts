import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { filtersFromParams, searchFor, type AwardFilters } from '../utils/award-filters';

export type UpdateFilters = (patch: Partial<AwardFilters>) => void;

/**
 * The award page's filters, kept in the address so a link or a reload shows the same. A change
 * goes back to the first rows, unless it moves the offset itself.
 */
export function useAwardFilters(): [AwardFilters, UpdateFilters] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const update = useCallback<UpdateFilters>(
    (patch) => void navigate({ pathname, search: searchFor({ ...filters, offset: 0, ...patch }) }),
    [filters, navigate, pathname],
  );
  return [filters, update];
}
