import { Link } from 'react-router-dom';
import type { QsoImportFailure } from '@hamlog/domain/qso-import/decider';
import { adifImportFailed, adifImportMoreFailures } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';

/** An import that is over: the answer of a small file's upload, or a background import's last status. */
export interface ImportReportView {
  status: 'done' | 'failed';
  message: string;
  imported: number;
  duplicates: number;
  /** QSOs already in the log the file confirmed (a LoTW report's); absent from answers of older servers. */
  confirmed?: number;
  failed: number;
  failures: QsoImportFailure[];
}

/** What an import did: its counts, each failed record's line and reason, and the way to the logbook. */
export function AdifImportReport({ report }: { report: ImportReportView }) {
  const failedImport = report.status === 'failed';
  return (
    <div className="adif-import-report">
      <Notice tone={failedImport ? 'error' : report.failed > 0 ? 'warning' : 'success'}>
        <p>{failedImport ? adifImportFailed(report.message) : report.message}</p>
      </Notice>
      <dl className="import-counts" aria-label="Import report">
        <div>
          <dt>Imported</dt>
          <dd>{report.imported.toLocaleString('en-US')}</dd>
        </div>
        {report.confirmed ? (
          <div>
            <dt>Confirmed in your log</dt>
            <dd>{report.confirmed.toLocaleString('en-US')}</dd>
          </div>
        ) : null}
        <div>
          <dt>Skipped as duplicates</dt>
          <dd>{report.duplicates.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{report.failed.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {report.failures.length > 0 ? (
        <>
          <h3 id="import-failures-title">Records not imported</h3>
          <ol className="import-failures" aria-labelledby="import-failures-title">
            {report.failures.map((f, i) => (
              <li key={`${f.line}-${i}`}>
                <span className="import-failure-line">Line {f.line}</span>: {f.message}
              </li>
            ))}
          </ol>
          {report.failed > report.failures.length ? <p className="muted">{adifImportMoreFailures(report.failures.length, report.failed)}</p> : null}
        </>
      ) : null}
      {report.imported > 0 || (report.confirmed ?? 0) > 0 ? (
        <p>
          <Link to="/logs">Open your logbook</Link>
        </p>
      ) : null}
    </div>
  );
}
