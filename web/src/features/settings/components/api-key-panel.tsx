import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { mobileSignInCode } from '@hamlog/domain/user/mobile-sign-in';
import { QR_CODE_WIDTH } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { useIssueApiKey } from '../api/issue-api-key';
import { maskApiKey } from '../utils/api-key-mask';

/**
 * The API key companion apps sign in with: masked until shown, a button to issue a new one,
 * and (while shown) the QR code the mobile app scans. The QR code holds the key, so it is
 * hidden together with it.
 */
export function ApiKeyPanel({ callsign, apiKey }: { callsign: string; apiKey: string }) {
  const [shown, setShown] = useState(false);
  const issue = useIssueApiKey();
  const keyId = useId();

  async function issueNew() {
    if (!(await confirmUser(MESSAGES.confirmNewApiKey))) return;
    issue.mutate(undefined, {
      onSuccess: () => alertUser(MESSAGES.newApiKeyIssued),
      onError: () => alertUser(MESSAGES.newApiKeyFailed),
    });
  }

  return (
    <section className="form api-key" aria-labelledby="api-key-heading">
      <h2 id="api-key-heading">API key and mobile app</h2>
      <p className="field-hint">Desktop and mobile apps use this key to log contacts and send your rig&apos;s frequency.</p>
      <div className="api-key-row">
        <span className="sr-only" id={keyId}>
          API key
        </span>
        <code className="api-key-value" aria-labelledby={keyId}>
          {apiKey ? (shown ? apiKey : maskApiKey(apiKey)) : '—'}
        </code>
        <button type="button" className="btn btn-secondary" aria-pressed={shown} onClick={() => setShown((s) => !s)} disabled={!apiKey}>
          {shown ? 'Hide API key' : 'Show API key'}
        </button>
        <button type="button" className="btn btn-danger" onClick={issueNew} disabled={issue.isPending}>
          New API key
        </button>
      </div>
      {shown && apiKey ? (
        <figure className="qr-code">
          <QRCodeSVG
            value={mobileSignInCode(window.location.origin, callsign, apiKey)}
            size={QR_CODE_WIDTH}
            marginSize={2}
            role="img"
            aria-label="QR code to sign in the mobile app"
          />
          <figcaption>Scan with the mobile app to sign in.</figcaption>
        </figure>
      ) : (
        <p className="field-hint">Show the API key to see the QR code for the mobile app.</p>
      )}
    </section>
  );
}
