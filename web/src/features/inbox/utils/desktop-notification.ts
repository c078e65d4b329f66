import { DESKTOP_NOTIFICATION_MIN_WIDTH } from '@/config/app';

/**
 * A desktop notification is due when the unread count grew since the last poll (not on the
 * first answer, which only sets the baseline) on a window wider than 550 px.
 */
export function shouldNotify(previous: number | null, next: number, windowWidth: number): boolean {
  return previous !== null && next > previous && windowWidth > DESKTOP_NOTIFICATION_MIN_WIDTH;
}

export function notificationText(count: number): string {
  return count === 1 ? 'You have 1 unread notification.' : `You have ${count} unread notifications.`;
}

/** The browser's Notification API, when there is one. */
export function notificationApi(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null;
}

/**
 * Asks for permission (call it from a click: Firefox and Safari ignore other requests) and
 * resolves to the answer. Older Safari takes a callback instead of returning a promise.
 */
export function requestNotificationPermission(api: typeof Notification): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    try {
      const answer = api.requestPermission((permission) => resolve(permission));
      if (answer) void answer.then(resolve, () => resolve(api.permission));
    } catch {
      resolve(api.permission);
    }
  });
}
