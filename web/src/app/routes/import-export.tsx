import { Page } from '@/components/ui/page';

/** /import-export (login required). ADIF import and export arrive in a later issue. */
export function ImportExportRoute() {
  return (
    <Page title="Import and export" narrow>
      <div className="card">
        <p className="lead">Coming soon.</p>
        <p>
          Importing from a QRZ logbook or an ADIF file (.adi, .adif), and exporting your log by date range, are not available yet.
        </p>
      </div>
    </Page>
  );
}
