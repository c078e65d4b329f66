import { useEffect, useRef, useState } from 'react';

/**
 * An image that opens large in a modal dialog: the thumbnail is a button (Enter or Space
 * opens it); Escape, the close button or a click beside the image closes it, and focus
 * returns to the thumbnail.
 */
export function Lightbox({ src, alt, label, className }: { src: string; alt: string; label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the thumbnail once the dialog is gone (while it is modal, the page behind cannot take focus).
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      <button ref={trigger} type="button" className={['lightbox-trigger', className].filter(Boolean).join(' ')} aria-haspopup="dialog" aria-label={`Open ${label}`} onClick={() => setOpen(true)}>
        <img src={src} alt={alt} loading="lazy" />
      </button>
      {open ? <LightboxDialog src={src} alt={alt} label={label} onClose={close} /> : null}
    </>
  );
}

function LightboxDialog({ src, alt, label, onClose }: { src: string; alt: string; label: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d || d.open) return;
    // showModal keeps focus inside and makes the page behind inert; without it (old browsers), a plain open dialog.
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={label}
      // Escape: the browser fires 'cancel'; close ourselves so React's state follows.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <button type="button" className="btn btn-secondary lightbox-close" onClick={onClose} autoFocus>
        Close
      </button>
      <img src={src} alt={alt} />
    </dialog>
  );
}
