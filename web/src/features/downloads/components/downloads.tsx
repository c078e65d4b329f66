import { Link } from 'react-router-dom';
import { DESKTOP_APP_VERSION, DESKTOP_RELEASES_URL } from '@/config/app';
import { useIsSubscriber, useSession } from '@/lib/session';
import { DESKTOP_INSTALLERS, downloadAccess } from '../utils/installers';
import { DownloadButton } from './download-button';

/** /download: the desktop installers (gated by role), other versions and the mobile app. */
export function Downloads() {
  const access = downloadAccess(useSession() !== null, useIsSubscriber());
  return (
    <>
      <div className="card">
        <h2>Desktop app version {DESKTOP_APP_VERSION}</h2>
        <ul className="plain-list">
          {DESKTOP_INSTALLERS.map((installer) => (
            <li key={installer.platform}>
              <p>{installer.label}</p>
              <DownloadButton access={access} label={installer.label} />
            </li>
          ))}
        </ul>
        <p className="muted">
          The installer files are not hosted on this site yet: the download buttons open the desktop app's release page.
        </p>
      </div>
      <div className="card">
        <h2>Other versions</h2>
        {access === 'allowed' ? (
          <p>
            Earlier versions are listed on the{' '}
            <a href={DESKTOP_RELEASES_URL} target="_blank" rel="noopener noreferrer">
              release page
            </a>
            .
          </p>
        ) : (
          <p>Earlier versions of the desktop app are available to subscribers.</p>
        )}
      </div>
      <div className="card">
        <h2>Mobile app</h2>
        <p>
          Scan the QR code on your <Link to="/profile">account settings</Link> page with the mobile app to sign in on your phone.
        </p>
      </div>
    </>
  );
}
