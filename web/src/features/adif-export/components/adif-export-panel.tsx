import { useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useExportJobs } from '../api/get-export-jobs';
import type { ExportOutcome } from './export-outcome';
import { ExportJobsList } from './export-jobs-list';
import { ExportRangeForm } from './export-range-form';
import './adif-export.css';

/** The Export panel of /import-export: the two range forms and the jobs list. */
export function AdifExportPanel() {
  const jobs = useExportJobs();
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);

  return (
    <section className="card adif-export" aria-labelledby="adif-export-title">
      <h2 id="adif-export-title">Export</h2>
      <p className="muted">Your log as an ADIF file (.adi). Files are deleted after 24 hours.</p>
      <div className="export-forms">
        <ExportRangeForm mode="date" onOutcome={setOutcome} />
        <ExportRangeForm mode="datetime" onOutcome={setOutcome} />
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <h3>Export files</h3>
      {jobs.isPending ? (
        <Loading />
      ) : jobs.isError ? (
        <Notice tone="error">{`Failed to load export files: ${jobs.error.message}`}</Notice>
      ) : (
        <ExportJobsList jobs={jobs.data} onOutcome={setOutcome} />
      )}
    </section>
  );
}
