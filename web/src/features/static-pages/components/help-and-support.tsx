import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/ui/social-links';
import { PRODUCT_NAME } from '@/config/app';

/** The FAQ (/post/74/Help-and-Support): what a first-time user asks, in the order they ask it. */
export function HelpAndSupport() {
  return (
    <div className="card help">
      <h2>Getting started</h2>
      <p>
        <Link to="/register">Create an account</Link> with your email address and callsign. A new account has no password yet:
        set one in <Link to="/profile">Settings</Link> so you can log in again, or sign in with a one-time PIN (below).
      </p>

      <h2>How do I log a contact?</h2>
      <p>
        Open the <Link to="/logger">logger</Link> (LOG CONTACTS), type the other station&apos;s callsign and press Enter: earlier
        contacts with that station are shown. Fill in frequency, mode and reports, then press Log. The time is taken when you
        log, in UTC. To change or delete a contact, press Edit on it in the logger or open it from your{' '}
        <Link to="/logs">logbook</Link>.
      </p>

      <h2>Logging from radio software and phone apps: your API key</h2>
      <p>
        Yes. Desktop and mobile apps log with your API key: find it under &lsquo;API key and mobile app&rsquo; in{' '}
        <Link to="/profile">Settings</Link>, where the mobile app can also scan it as a QR code. Keep it secret: anyone with the
        key can log contacts as you. If it leaks, issue a new one there. See <Link to="/download">Downloads</Link> for the apps.
      </p>

      <h2>Forgot your password? Sign in with a one-time PIN</h2>
      <p>
        On the <Link to="/login">login page</Link>, choose &lsquo;use a One Time PIN&rsquo;, enter your callsign and press SEND
        PIN. We email a PIN to the account&apos;s address (check your junk folder); only the latest PIN works, and only for a few
        minutes. After signing in you can set a new password in Settings.
      </p>

      <h2>What are sub-accounts?</h2>
      <p>
        A sub-account is a second callsign you operate (a club call, a contest call, a call abroad) with its own logbook. Add one
        under <Link to="/account/profiles">Sub-accounts</Link>, then switch into it there or from the account menu. While in a
        sub-account, &lsquo;Back to&rsquo; your main callsign in the account menu returns you to your main account.
      </p>

      <h2>Someone registered my callsign</h2>
      <p>
        Callsigns are not checked at sign-up. If your callsign is taken by someone else, contact us with proof that it is yours
        and we will sort it out.
      </p>

      <h2>Contact</h2>
      <p>
        Still stuck? See the <Link to="/contact">contact page</Link> or reach the {PRODUCT_NAME} team here:
      </p>
      <SocialLinks className="plain-list" />
    </div>
  );
}
