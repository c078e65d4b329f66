import { Page } from '@/components/ui/page';
import { PhotosPage } from '@/features/photos/components/photos-page';

/** /profile/pictures */
export function PhotosRoute() {
  return (
    <Page title="Photos">
      <PhotosPage />
    </Page>
  );
}
