import { Page } from '@/components/ui/page';
import { QrzImportPanel } from '@/features/qrz-import/components/qrz-import-panel';
import { AdifExportPanel } from '@/features/adif-export/components/adif-export-panel';
import { AdifImportPanel } from '@/features/adif-import/components/adif-import-panel';

/** /import-export (login required): ADIF file import, QRZ import and ADIF export. */
export function ImportExportRoute() {
  return (
    <Page title="Import and export" narrow>
      <QrzImportPanel />
      <AdifImportPanel />
      <AdifExportPanel />
    </Page>
  );
}
