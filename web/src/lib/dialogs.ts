/**
 * The specification's alerts and confirmations, shown in the page rather than by the browser:
 * an alert becomes a toast, a confirmation a modal dialog that resolves a promise. The screens
 * call alertUser / confirmUser; <DialogHost> (components/ui/dialog-host.tsx) draws them.
 */

export interface PendingConfirm {
  id: number;
  message: string;
  answer: (yes: boolean) => void;
}

export interface Toast {
  id: number;
  message: string;
}

export interface DialogState {
  confirm: PendingConfirm | null;
  toasts: readonly Toast[];
}

/** How long a toast stays before it goes by itself. */
export const TOAST_MS = 6000;

let nextId = 1;
let state: DialogState = { confirm: null, toasts: [] };
const queue: PendingConfirm[] = [];
const listeners = new Set<() => void>();

function publish(next: DialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function dialogState(): DialogState {
  return state;
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A short message that needs no answer: a toast, read out politely, gone after TOAST_MS. */
export function alertUser(message: string): void {
  const toast = { id: nextId++, message };
  publish({ ...state, toasts: [...state.toasts, toast] });
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  if (!state.toasts.some((t) => t.id === id)) return;
  publish({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
}

/** A question answered with OK (true) or Cancel (false); one dialog at a time, the rest wait. */
export function confirmUser(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    const pending: PendingConfirm = {
      id: nextId++,
      message,
      answer: (yes) => {
        resolve(yes);
        publish({ ...state, confirm: queue.shift() ?? null });
      },
    };
    if (state.confirm) queue.push(pending);
    else publish({ ...state, confirm: pending });
  });
}

/** For tests: forget every dialog and toast (open questions are answered Cancel). */
export function resetDialogs(): void {
  const open = [state.confirm, ...queue.splice(0)].filter((c): c is PendingConfirm => c !== null);
  state = { confirm: null, toasts: [] };
  for (const c of open) c.answer(false);
  publish({ confirm: null, toasts: [] });
}
