import { Link } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useDownloads, type DownloadsAnswer } from '../api/get-downloads';
import { DownloadButton } from './download-button';

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Where the list came from, when it is not the feed's current answer. */
function SourceNote({ answer }: { answer: DownloadsAnswer }) {
  if (answer.source === 'cache' && answer.fetched_at) {
    return <p className="muted">The release list could not be refreshed just now: this is the list of {answer.fetched_at.slice(0, 10)}.</p>;
  }
  if (answer.source === 'fallback') {
    const where = answer.access === 'allowed' ? ": the buttons open the desktop app's release page" : '';
    return <p className="muted">The release list is not available just now{where}.</p>;
  }
  return null;
}

function Installers({ answer }: { answer: DownloadsAnswer }) {
  if (answer.installers.length === 0) return <p>No installers of version {answer.app_version} are published yet.</p>;
  return (
    <ul className="plain-list">
      {answer.installers.map((installer) => {
        const label = `Desktop app v${answer.app_version} for ${installer.platform}`;
        return (
          <li key={installer.platform}>
            <p>
              {label}
              {installer.file_name ? (
                <span className="muted">
                  {' '}
                  ({installer.file_name}
                  {installer.size > 0 ? `, ${megabytes(installer.size)}` : ''})
                </span>
              ) : null}
            </p>
            <DownloadButton access={answer.access} label={label} url={installer.url} />
          </li>
        );
      })}
    </ul>
  );
}

function OtherVersions({ answer }: { answer: DownloadsAnswer }) {
  if (answer.access !== 'allowed') return <p>Earlier versions of the desktop app are available to subscribers.</p>;
  if (answer.other_versions.length === 0) return <p>No other versions are listed.</p>;
  return (
    <ul className="plain-list">
      {answer.other_versions.map((release) => (
        <li key={release.version}>
          {release.url ? (
            <a href={release.url} target="_blank" rel="noopener noreferrer">
              Version {release.version}
            </a>
          ) : (
            `Version ${release.version}`
          )}
          {release.published_at ? <span className="muted"> ({release.published_at.slice(0, 10)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** /download: the desktop installers from the releases feed (gated by role), other versions and the mobile app. */
export function Downloads() {
  const downloads = useDownloads();
  if (downloads.isPending) return <Loading />;
  if (downloads.isError) {
    return (
      <Notice tone="error">
        The installers could not be loaded.{' '}
        <button type="button" className="btn btn-link" onClick={() => void downloads.refetch()}>
          Try again
        </button>
      </Notice>
    );
  }
  const answer = downloads.data;
  return (
    <>
      <div className="card">
        <h2>Desktop app version {answer.app_version}</h2>
        {answer.version && answer.version !== String(answer.app_version) ? (
          <p className="muted">
            Release {answer.version}
            {answer.published_at ? `, published ${answer.published_at.slice(0, 10)}` : ''}
          </p>
        ) : null}
        <Installers answer={answer} />
        <SourceNote answer={answer} />
      </div>
      <div className="card">
        <h2>Other versions</h2>
        <OtherVersions answer={answer} />
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
