import { Link } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { UnverifiedMarker } from '@/components/ui/unverified-marker';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import { useCurrentUser } from '@/lib/current-user';
import { isSubAccount, useUser } from '@/lib/session';
import { ApiKeyPanel } from './api-key-panel';
import { ApiKeysPanel } from './api-keys-panel';
import { ConnectedServices } from './connected-services';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SignOutEverywhere } from './sign-out-everywhere';

/**
 * /profile, /account, /account/edit and /account/preferences: the profile form, the password,
 * the connected services (#services), the API key with the mobile app's QR code, and the way to
 * the sub-accounts.
 */
export function SettingsPage({ justRegistered }: { justRegistered: boolean }) {
  const fresh = useCurrentUser();
  const user = useUser();
  if (!user) return null;
  const settingPassword = justRegistered || user.has_password === false;
  const managed = isSubAccount(user);

  return (
    <div className="settings">
      {justRegistered ? <Notice tone="success">{MESSAGES.registerWelcome}</Notice> : null}

      <dl className="facts">
        <div>
          <dt>Callsign</dt>
          <dd>
            {user.my_callsign || '—'} <UnverifiedMarker verified={user.callsign_verified} />
            {user.callsign_verified ? null : (
              <>
                {' '}
                <Link to={`/claim-callsign?callsign=${encodeURIComponent(user.my_callsign)}`}>Verify my callsign</Link>
              </>
            )}
          </dd>
        </div>
        {managed && user.managed_by_callsign ? (
          <div>
            <dt>Managed by</dt>
            <dd>{user.managed_by_callsign}</dd>
          </div>
        ) : null}
        <div>
          <dt>Sub-accounts</dt>
          <dd>
            <Link to="/account/profiles">Sub-accounts and profiles</Link>
          </dd>
        </div>
        <div>
          <dt>Services</dt>
          <dd>
            <a href="#services">LoTW, QRZ Logbook, Club Log, eQSL</a>
          </dd>
        </div>
        <div>
          <dt>Public page</dt>
          <dd>
            <Link to={`/${encodeURIComponent(user.my_callsign)}`}>Your Public Profile</Link>
          </dd>
        </div>
      </dl>

      {/* A sub-account has no password of its own: it is reached through its main account. */}
      {managed ? null : <PasswordForm setting={settingPassword} />}

      {fresh.isPending ? (
        <Loading />
      ) : (
        // Filled from the server's copy when it came, else from the one stored at sign-in.
        <ProfileForm
          key={`${user.id}:${fresh.dataUpdatedAt}`}
          user={fresh.data ?? user}
          isSubAccount={managed}
        />
      )}

      <ConnectedServices />

      <ApiKeyPanel callsign={user.my_callsign} apiKey={user.api_key} />
      <ApiKeysPanel />

      <SignOutEverywhere />
    </div>
  );
}
