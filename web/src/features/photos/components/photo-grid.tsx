import { useState } from 'react';
import { PHOTO_DELETED, PHOTO_SET_AS_DEFAULT } from '@hamlog/domain/messages';
import { ImageLightbox } from '@/components/ui/image-lightbox';
import { MESSAGES } from '@/config/messages';
import { confirmUser } from '@/lib/dialogs';
import { mediaUrl } from '@/lib/media';
import { formatUtcMinute } from '@/utils/time';
import { useDeletePhoto } from '../api/delete-photo';
import type { Photo } from '../api/get-photos';
import { useMakeDefaultPhoto } from '../api/make-default-photo';
import type { PhotoOutcome } from './photo-outcome';

/** The user's photos as thumbnails: view, make default (profile picture), delete. */
export function PhotoGrid({
  photos,
  defaultImage,
  onOutcome,
}: {
  photos: Photo[];
  defaultImage: string | null | undefined;
  onOutcome: (outcome: PhotoOutcome) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const remove = useDeletePhoto();
  const makeDefault = useMakeDefaultPhoto();
  const busy = remove.isPending || makeDefault.isPending;
  const images = photos.map((p, i) => ({ src: mediaUrl(p.profile_image_name) ?? '', alt: `Photo ${i + 1}` }));

  async function onDelete(photo: Photo) {
    if (!(await confirmUser(MESSAGES.confirmDeletePhoto))) return;
    remove.mutate(
      { id: photo.id },
      {
        onSuccess: () => onOutcome({ tone: 'success', text: PHOTO_DELETED }),
        onError: (err) => onOutcome({ tone: 'error', text: MESSAGES.photoDeleteError(err.message) }),
      },
    );
  }

  function onMakeDefault(photo: Photo) {
    makeDefault.mutate(
      { id: photo.id },
      {
        onSuccess: () => onOutcome({ tone: 'success', text: PHOTO_SET_AS_DEFAULT }),
        onError: (err) => onOutcome({ tone: 'error', text: MESSAGES.photoDefaultError(err.message) }),
      },
    );
  }

  return (
    <>
      <ul className="photo-grid" aria-label="Your photos">
        {photos.map((photo, i) => {
          const isDefault = Boolean(defaultImage) && photo.profile_image_name === defaultImage;
          const thumb = mediaUrl(photo.thumbnail_name) ?? mediaUrl(photo.profile_image_name) ?? '';
          const label = `Photo ${i + 1}`;
          return (
            <li key={photo.id} className="photo-card">
              <button type="button" className="photo-button" aria-label={`View ${label}`} onClick={() => setOpen(i)}>
                <img src={thumb} alt="" loading="lazy" />
              </button>
              <p className="photo-meta">
                {isDefault ? <span className="badge">Profile picture</span> : null}
                <span className="muted">{formatUtcMinute(photo.created_at)}</span>
              </p>
              <div className="photo-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Make ${label} the profile picture`}
                  disabled={busy || isDefault}
                  onClick={() => onMakeDefault(photo)}
                >
                  Make default
                </button>
                <button type="button" className="btn btn-danger" aria-label={`Delete ${label}`} disabled={busy} onClick={() => onDelete(photo)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {open !== null ? <ImageLightbox images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
