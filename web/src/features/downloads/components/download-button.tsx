import { Link } from 'react-router-dom';
import { DESKTOP_RELEASES_URL, UPGRADE_PATH } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { loginUrlFor } from '@/lib/redirect';
import type { DownloadAccess } from '../utils/installers';

/** A download button whose text and target follow the reader's role. */
export function DownloadButton({ access, label }: { access: DownloadAccess; label: string }) {
  if (access === 'login') {
    return (
      <Link className="btn btn-secondary" to={loginUrlFor('/download')} aria-label={`${label}: ${MESSAGES.downloadLoginRequired}`}>
        {MESSAGES.downloadLoginRequired}
      </Link>
    );
  }
  if (access === 'upgrade') {
    return (
      <Link className="btn btn-warning" to={UPGRADE_PATH} aria-label={`${label}: ${MESSAGES.downloadUpgradeRequired}`}>
        {MESSAGES.downloadUpgradeRequired}
      </Link>
    );
  }
  return (
    <a className="btn btn-primary" href={DESKTOP_RELEASES_URL} target="_blank" rel="noopener noreferrer">
      Download {label}
    </a>
  );
}
