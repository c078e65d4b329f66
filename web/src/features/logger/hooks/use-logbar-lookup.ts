import { useEffect, type Dispatch } from 'react';
import { useLogbar } from '../api/get-logbar';
import type { LoggerAction, Search } from '../utils/logger-state';

/** The search's answer: fills an empty name and preselects the DXCC entity (once per search). */
export function useLogbarLookup(search: Search | null, dispatch: Dispatch<LoggerAction>) {
  const lookup = useLogbar(search);
  const { data } = lookup;
  const searchId = search?.id;
  useEffect(() => {
    if (!data || searchId === undefined) return;
    dispatch({ type: 'lookup', searchId, name: data.name ?? '', dxcc: data.dxcc_entity ?? 0 });
  }, [data, searchId, dispatch]);
  return lookup;
}
