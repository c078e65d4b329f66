import { Link } from 'react-router-dom';
import {
  IMPORT_FROM_QRZ,
  IMPORTING_FROM_QRZ,
  QRZ_IMPORT_COVERS,
  QRZ_KEY_MISSING,
  qrzImportError,
  qrzImportFailed,
} from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { useImportFromQrz } from '../api/import-from-qrz';

/** The QRZ Logbook import: one button, busy while QRZ is read, then what was imported or why not. */
export function QrzImportPanel() {
  const run = useImportFromQrz();
  const answer = run.data;
  return (
    <section className="card qrz-import" aria-labelledby="qrz-import-heading">
      <h2 id="qrz-import-heading">Import from QRZ</h2>
      <p>{QRZ_IMPORT_COVERS}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => run.mutate()} disabled={run.isPending} aria-busy={run.isPending}>
          {run.isPending ? IMPORTING_FROM_QRZ : IMPORT_FROM_QRZ}
        </button>
      </div>
      {run.isError ? <Notice tone="error">{qrzImportFailed(run.error.message)}</Notice> : null}
      {!run.isPending && answer?.status === 'error' ? (
        <Notice tone="error">
          {qrzImportError(answer.error)}
          {answer.error === QRZ_KEY_MISSING ? (
            <>
              {' '}
              <Link to="/profile">Open your profile</Link>
            </>
          ) : null}
        </Notice>
      ) : null}
      {!run.isPending && answer?.status === 'ok' ? (
        <Notice tone={answer.failed.length > 0 ? 'warning' : 'success'}>
          <p>{answer.message}</p>
          {answer.failed.length > 0 ? (
            <ul aria-label="QSOs not imported">
              {answer.failed.map((f, i) => (
                <li key={`${i}-${f.record}`}>
                  {f.record}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
    </section>
  );
}
