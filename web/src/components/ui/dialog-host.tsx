import { useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { dialogState, dismissToast, subscribeDialogs, type PendingConfirm } from '@/lib/dialogs';
import { keepTabInside, useModalFocus } from './modal-focus';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal question: focus starts on OK and stays inside; Escape cancels, Enter confirms; focus then goes back. */
function ConfirmDialog({ pending }: { pending: PendingConfirm }) {
  const box = useRef<HTMLDivElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModalFocus(ok);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      pending.answer(false);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      pending.answer(true);
    } else if (event.key === 'Tab') {
      keepTabInside(event, box.current, FOCUSABLE);
    }
  };

  return (
    <div className="dialog-backdrop">
      <div ref={box} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <p id={titleId} className="dialog-message">
          {pending.message}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => pending.answer(false)}>
            Cancel
          </button>
          <button ref={ok} type="button" className="btn btn-primary" onClick={() => pending.answer(true)}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

/** The page's confirmation dialog and toasts; mounted once, beside the router. */
export function DialogHost() {
  const { confirm, toasts } = useSyncExternalStore(subscribeDialogs, dialogState, dialogState);
  return (
    <>
      {confirm ? <ConfirmDialog key={confirm.id} pending={confirm} /> : null}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast" role="status">
            <span>{toast.message}</span>
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
