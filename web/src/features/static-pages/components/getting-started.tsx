import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/app';
import { loginUrlFor } from '@/lib/redirect';
import { useSession } from '@/lib/session';

/** The reader's own level and expiry, from the session the status poll keeps current. */
function YourProfile() {
  const session = useSession();
  const user = session?.user;
  if (!user) {
    return (
      <p>
        <Link to={loginUrlFor('/docs')}>Log in</Link> to see your level and when it expires.
      </p>
    );
  }
  const level = session.subscription?.level ?? (user.subscribed ? 'subscriber' : 'free');
  const expiry = session.subscription?.expiryDate;
  return (
    <dl className="facts">
      <dt>Callsign</dt>
      <dd>{user.my_callsign}</dd>
      <dt>Level</dt>
      <dd>{level}</dd>
      <dt>Expires</dt>
      <dd>{expiry ? expiry.slice(0, 10) : 'never'}</dd>
    </dl>
  );
}

/** /docs: an accordion of intro, the reader's profile, and getting started (community spec §2). */
export function GettingStarted() {
  return (
    <div className="card">
      <details open>
        <summary>Introduction</summary>
        <p>{PRODUCT_NAME} is a logbook in the cloud: log contacts from the browser or the desktop app, follow stations and see who is on the air.</p>
      </details>
      <details>
        <summary>Your profile</summary>
        <YourProfile />
      </details>
      <details>
        <summary>Getting started</summary>
        <ol>
          <li>
            <Link to="/register">Create an account</Link> with your callsign.
          </li>
          <li>
            Fill in your QTH and grid square in <Link to="/profile">Settings</Link>.
          </li>
          <li>
            Log your first contact on the <Link to="/logger">logger</Link>.
          </li>
        </ol>
      </details>
    </div>
  );
}
