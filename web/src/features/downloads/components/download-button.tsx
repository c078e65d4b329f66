import { Link } from 'react-router-dom';
import type { DownloadAccess } from '@hamlog/domain/downloads/releases-feed';
import { UPGRADE_PATH } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { loginUrlFor } from '@/lib/redirect';

/**
 * A download button whose text and target follow the reader's role: visitors log in, readers
 * without a subscription upgrade, subscribers get the link (the server hands it to them alone).
 */
export function DownloadButton({ access, label, url }: { access: DownloadAccess; label: string; url: string | null }) {
  if (access === 'login') {
    return (
      <Link className="btn btn-secondary" to={loginUrlFor('/download')} aria-label={`${label}: ${MESSAGES.downloadLoginRequired}`}>
        {MESSAGES.downloadLoginRequired}
      </Link>
    );
  }
  if (access === 'upgrade' || !url) {
    return (
      <Link className="btn btn-warning" to={UPGRADE_PATH} aria-label={`${label}: ${MESSAGES.downloadUpgradeRequired}`}>
        {MESSAGES.downloadUpgradeRequired}
      </Link>
    );
  }
  return (
    <a className="btn btn-primary" href={url} rel="noopener noreferrer">
      Download {label}
    </a>
  );
}
