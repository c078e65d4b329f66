/**
 * The specification's alerts and confirmations. One place, so they can become in-page
 * dialogs or toasts later without touching the screens.
 */
export function alertUser(message: string): void {
  window.alert(message);
}

export function confirmUser(message: string): boolean {
  return window.confirm(message);
}
