import { useState } from 'react';

/** Share the page: the device's share sheet where there is one, else copy the link; plus the big social sites. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if (typeof navigator.share === 'function') {
      await navigator.share({ url, title }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).then(() => setCopied(true), () => undefined);
  };
  const u = encodeURIComponent(url);
  return (
    <div className="qso-share" role="group" aria-label="Share this QSO">
      <button type="button" className="btn btn-secondary" onClick={() => void share()}>
        Share
      </button>
      <a className="btn btn-link" href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} target="_blank" rel="noopener noreferrer">
        Facebook
      </a>
      <a className="btn btn-link" href={`https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`} target="_blank" rel="noopener noreferrer">
        X
      </a>
      {copied ? <span role="status">Link copied</span> : null}
    </div>
  );
}
