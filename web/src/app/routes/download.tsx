import { Page } from '@/components/ui/page';
import { Downloads } from '@/features/downloads/components/downloads';

export function DownloadRoute() {
  return (
    <Page title="Downloads" narrow>
      <Downloads />
    </Page>
  );
}
