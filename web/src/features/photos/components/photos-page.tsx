import { useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import { useUser } from '@/lib/session';
import { usePhotos } from '../api/get-photos';
import { PhotoGrid } from './photo-grid';
import type { PhotoOutcome } from './photo-outcome';
import { PhotoUploadForm } from './photo-upload-form';

/** /profile/pictures: upload, list, view, make default and delete photos. */
export function PhotosPage() {
  const photos = usePhotos();
  const user = useUser();
  const [outcome, setOutcome] = useState<PhotoOutcome | null>(null);

  return (
    <div className="photos">
      <PhotoUploadForm onOutcome={setOutcome} />
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {photos.isPending ? (
        <Loading />
      ) : photos.isError ? (
        <Notice tone="error">{MESSAGES.photosFetchError(photos.error.message)}</Notice>
      ) : photos.data.length === 0 ? (
        <p className="empty">No photos yet.</p>
      ) : (
        <PhotoGrid photos={photos.data} defaultImage={user?.profile_image_name} onOutcome={setOutcome} />
      )}
    </div>
  );
}
