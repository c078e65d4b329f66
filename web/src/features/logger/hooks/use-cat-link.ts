import { useEffect, type Dispatch } from 'react';
import { useRigState } from '../api/get-rig-state';
import { catLabel, rigAvailable, rigFollow } from '../utils/cat-link';
import type { LoggerAction } from '../utils/logger-state';

/**
 * The CAT link: polls the rig every 2 s while signed in and not editing; when ticked, the form
 * follows the rig's frequency (and, for the listed modes, its mode and operating mode) each time
 * the rig reports something new, so a value typed between two changes of the rig stays.
 */
export function useCatLink({
  signedIn,
  editing,
  enabled,
  dispatch,
}: {
  signedIn: boolean;
  editing: boolean;
  /** The checkbox (remembered as cat_link_enabled). */
  enabled: boolean;
  dispatch: Dispatch<LoggerAction>;
}) {
  const rig = useRigState(signedIn && !editing);
  const data = signedIn ? rig.data : undefined;
  const available = rigAvailable(data);

  useEffect(() => {
    if (!enabled || editing) return;
    const follow = rigFollow(data);
    if (follow) dispatch({ type: 'rig', freq: follow.freq, mode: follow.mode, opMode: follow.opMode });
  }, [data, enabled, editing, dispatch]);

  return {
    available,
    label: catLabel(data),
    /** The rig's own mode name, sent as radio_mode while the link is in use. */
    radioMode: enabled && available ? (data?.mode ?? '').slice(0, 20) : '',
  };
}
