import { useId, useRef, type KeyboardEvent } from 'react';
import { keepTabInside, useModalFocus } from './modal-focus';

export interface LightboxImage {
  src: string;
  alt: string;
}

/**
 * A full-screen view of one image of a set: a modal dialog that Escape, the close button or
 * a click beside the image closes; arrow keys (and buttons) move through the set. Focus
 * stays inside while open and goes back where it was on close.
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
  className,
}: {
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** On the backdrop, for a page that shows its images otherwise (e.g. small ones enlarged). */
  className?: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const image = images[index];
  const many = images.length > 1;
  useModalFocus(closeRef);

  function step(delta: number) {
    if (!many) return;
    onIndexChange((index + delta + images.length) % images.length);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'Tab') keepTabInside(e, dialogRef.current, 'button:not([disabled])');
  }

  if (!image) return null;
  return (
    <div className={['lightbox-backdrop', className].filter(Boolean).join(' ')} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="lightbox" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <p id={titleId} className="lightbox-title">
          {image.alt}
          {many ? <span className="lightbox-count"> ({index + 1} of {images.length})</span> : null}
        </p>
        <img src={image.src} alt={image.alt} className="lightbox-image" />
        <div className="lightbox-controls">
          {many ? (
            <button type="button" className="btn btn-secondary" onClick={() => step(-1)}>
              Previous
            </button>
          ) : null}
          {many ? (
            <button type="button" className="btn btn-secondary" onClick={() => step(1)}>
              Next
            </button>
          ) : null}
          <button ref={closeRef} type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
