import { useState, type MouseEvent } from 'react';
import { API_BASE } from '@/config/app';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { creditsCsvPath, getCreditsCsv, type CreditsCsvRequest } from '../api/get-credits-csv';

export const CSV_FAILED = 'The credits list could not be downloaded. Please try again.';

/**
 * 'Export CSV': a link to the credits list with the chosen sources and mode. The click fetches it
 * with the session's token (which a plain link would not send) and saves it.
 */
export function CreditsCsvLink({ award, request }: { award: string; request: CreditsCsvRequest }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileName = `${request.callsign ? `${request.callsign}-` : ''}${award}-credits.csv`;

  async function download(e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      saveFile(await getCreditsCsv(award, request), fileName);
    } catch (err) {
      setError(isApiError(err) && err.status > 0 && err.status < 500 && err.message ? err.message : CSV_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <a href={API_BASE + creditsCsvPath(award, request)} download={fileName} className="btn btn-secondary" aria-busy={busy || undefined} onClick={(e) => void download(e)}>
        Export CSV
      </a>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
