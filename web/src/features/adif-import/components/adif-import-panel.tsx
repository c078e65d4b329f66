import { useId, useRef, useState, type FormEvent } from 'react';
import { ADIF_IMPORT_MAX_BYTES, isAdifFileName, type AdifImportStatus } from '@hamlog/domain/qso-import/api';
import {
  ADIF_IMPORT_FILE_REQUIRED,
  ADIF_IMPORT_IMPORTING,
  ADIF_IMPORT_NOT_ADIF_NAME,
  ADIF_IMPORT_UPLOADING,
  IMPORT_ADIF_FILE,
  adifImportFailed,
  adifImportProgress,
  adifImportTooLarge,
} from '@hamlog/domain/messages';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { useAdifImport } from '../api/get-adif-import';
import { useImportAdifFile } from '../api/import-adif-file';
import { AdifImportReport, type ImportReportView } from './adif-import-report';
import './adif-import.css';

function chosenFileError(file: File | null): string | null {
  if (!file) return ADIF_IMPORT_FILE_REQUIRED;
  if (!isAdifFileName(file.name)) return ADIF_IMPORT_NOT_ADIF_NAME;
  if (file.size > ADIF_IMPORT_MAX_BYTES) return adifImportTooLarge(ADIF_IMPORT_MAX_BYTES / 1024 / 1024);
  return null;
}

const percent = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

/**
 * The ADIF file import of /import-export: choose a .adi or .adif file, watch it upload (a real
 * progress bar from the upload's own events), then the server's progress through the file for a
 * big one, then the report: imported, skipped as duplicates, and each failed record's line and
 * reason.
 */
export function AdifImportPanel() {
  const progressId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [inlineReport, setInlineReport] = useState<ImportReportView | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useImportAdifFile();
  const background = useAdifImport(importId);
  const running: AdifImportStatus | undefined = background.data?.status === 'running' ? background.data : undefined;
  const over = background.data && background.data.status !== 'running' ? { ...background.data, status: background.data.status } : null;
  const report: ImportReportView | null = inlineReport ?? over;
  const busy = upload.isPending || (importId !== null && !report && !background.isError);

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0] ?? null;
    setRefusal(null);
    setInlineReport(null);
    setImportId(null);
    const invalid = chosenFileError(file);
    if (invalid || !file) {
      setRefusal(adifImportFailed(invalid ?? ADIF_IMPORT_FILE_REQUIRED));
      return;
    }
    setSent(0);
    upload.mutate(
      { file, onProgress: setSent },
      {
        onSuccess: (answer) => {
          if (fileRef.current) fileRef.current.value = '';
          if (answer.done) {
            setInlineReport({
              status: 'done',
              message: answer.message,
              imported: answer.imported ?? 0,
              duplicates: answer.duplicates ?? 0,
              confirmed: answer.confirmed ?? 0,
              failed: answer.failed ?? 0,
              failures: answer.failures ?? [],
            });
          } else if (answer.import_id) setImportId(answer.import_id);
        },
        onError: (err) => setRefusal(adifImportFailed(err.message)),
        onSettled: () => setSent(null),
      },
    );
  }

  const uploading = sent !== null && sent < 1;
  const serverBusy = !uploading && busy;
  return (
    <section className="card adif-import" aria-labelledby="adif-import-title">
      <h2 id="adif-import-title">{IMPORT_ADIF_FILE}</h2>
      <p className="muted">
        An ADIF file (.adi or .adif) from your logger, or a contest log in Cabrillo (.log or .cbr), up to {ADIF_IMPORT_MAX_BYTES / 1024 / 1024} MB. Contacts already in your log are skipped
        as duplicates; records that cannot be read are listed with their line.
      </p>
      <form className="form adif-import-form" onSubmit={submit} aria-label={IMPORT_ADIF_FILE} noValidate>
        <Field ref={fileRef} label="ADIF file" type="file" name="adif_file" accept=".adi,.adif,.log,.cbr" disabled={busy} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {uploading ? ADIF_IMPORT_UPLOADING : serverBusy ? ADIF_IMPORT_IMPORTING : 'Import'}
          </button>
        </div>
      </form>
      {uploading ? (
        <div className="import-progress">
          <span id={progressId}>{ADIF_IMPORT_UPLOADING}</span>
          <progress max={100} value={percent(sent)} aria-label="Upload progress" aria-describedby={progressId} />
          <span aria-hidden="true">{percent(sent)}%</span>
        </div>
      ) : null}
      {serverBusy ? (
        <div className="import-progress" role="status">
          <span>{running ? adifImportProgress(running.records_done) : ADIF_IMPORT_IMPORTING}</span>
          {running && running.bytes_total > 0 ? (
            <progress max={100} value={percent(running.bytes_done / running.bytes_total)} aria-label="Import progress" />
          ) : (
            <progress aria-label="Import progress" />
          )}
        </div>
      ) : null}
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      {background.isError && !report ? <Notice tone="error">{adifImportFailed(background.error.message)}</Notice> : null}
      {report ? <AdifImportReport report={report} /> : null}
    </section>
  );
}
