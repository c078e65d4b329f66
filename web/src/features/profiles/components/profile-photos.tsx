import { useState } from 'react';
import { ImageLightbox } from '@/components/ui/image-lightbox';
import { mediaUrl } from '@/lib/media';
import type { Photo } from '@/types/api';
import { lastPhotos } from '../utils/profile-view';

/** The station's last 4 photos; a click (or Enter) opens the lightbox. */
export function ProfilePhotos({ photos, callsign }: { photos: Photo[] | null | undefined; callsign: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = lastPhotos(photos).flatMap((p) => {
    const full = mediaUrl(p.profile_image_name);
    return full ? [{ id: p.id, full, thumb: mediaUrl(p.thumbnail_name) ?? full }] : [];
  });
  if (shown.length === 0) return null;
  const images = shown.map((p, i) => ({ src: p.full, alt: `Photo ${i + 1} of ${callsign}` }));

  return (
    <section className="card" aria-labelledby="photos-heading">
      <h2 id="photos-heading">Photos</h2>
      <ul className="photo-strip">
        {shown.map((p, i) => (
          <li key={p.id}>
            <button type="button" className="photo-button" aria-label={`Open photo ${i + 1} of ${callsign}`} onClick={() => setOpen(i)}>
              <img src={p.thumb} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? <ImageLightbox images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
