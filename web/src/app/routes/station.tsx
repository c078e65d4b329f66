import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { INVALID_SEARCH_QUERY } from '@hamlog/domain/messages';
import { isCallsignShaped } from '@hamlog/domain/user/callsign-rules';
import { PublicAwardProgress } from '@/features/award-progress/components/public-award-progress';
import type { ProfileView } from '@/features/profiles/api/get-profile';
import { PublicProfileView } from '@/features/profiles/components/public-profile';
import { normaliseSearchedCallsign } from '@/features/shell/utils/callsign-search';
import { useAddAndSwitch } from '@/features/sub-accounts/hooks/use-add-and-switch';
import { useSwitchAccount } from '@/features/sub-accounts/hooks/use-switch-account';
import { checkSubAccountCallsign, subAccountIdFor } from '@/features/sub-accounts/utils/sub-account-callsign';
import { alertUser } from '@/lib/dialogs';
import { isSubAccount, useUser } from '@/lib/session';
import { stationPath } from '@/utils/qso-format';
import { NotFoundRoute } from './not-found';

/** On one's own sub-account's page: switch into it. */
function SwitchIntoSubAccount({ profile }: { profile: ProfileView }) {
  const user = useUser();
  const { switchTo, isPending } = useSwitchAccount();
  const id = user ? subAccountIdFor(user, profile.my_callsign) : null;
  if (!id) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={isPending}
      onClick={() => switchTo({ id, callsign: profile.my_callsign }, { to: stationPath(profile.my_callsign) })}
    >
      Switch to {profile.my_callsign}
    </button>
  );
}

/** On the page of a callsign nobody holds: a main account may take it as a sub-account. */
function AddAsSubAccount({ callsign }: { callsign: string }) {
  const user = useUser();
  const { addAndSwitch, isPending } = useAddAndSwitch();
  // Only a name that could be a callsign: never /download, /news or another of the app's paths.
  if (!user || isSubAccount(user) || !checkSubAccountCallsign(callsign, user).ok) return null;
  return (
    <p>
      <button type="button" className="btn btn-primary" disabled={isPending} onClick={() => addAndSwitch(callsign, stationPath(callsign))}>
        Add {callsign} as a sub-account
      </button>
    </p>
  );
}

/** /{callsign}: a station's public page; a path no callsign could have (a typo of a page) is not found. */
export function StationRoute() {
  const { callsign = '' } = useParams();
  const call = normaliseSearchedCallsign(callsign);
  if (!isCallsignShaped(call)) return <NotFoundRoute />;
  return (
    <PublicProfileView
      key={call}
      callsign={call}
      accountActions={(profile) => <SwitchIntoSubAccount profile={profile} />}
      notFoundActions={<AddAsSubAccount callsign={call} />}
      sections={<PublicAwardProgress callsign={call} />}
    />
  );
}

/** /search?callsign=X goes to /X (upper-cased); without a callsign: 'invalid search query', then home. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callsign = normaliseSearchedCallsign(params.get('callsign'));
  const alerted = useRef(false);
  useEffect(() => {
    if (callsign || alerted.current) return;
    alerted.current = true;
    alertUser(INVALID_SEARCH_QUERY);
    void navigate('/', { replace: true });
  }, [callsign, navigate]);
  return callsign ? <Navigate to={stationPath(callsign)} replace /> : null;
}
