import { vi } from 'vitest';

/** A stand-in for the browser's Notification API (jsdom has none), installed as a global. */
export function fakeNotificationApi(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const shown: { title: string; body: string | undefined }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({ title, body: options.body });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { api: FakeNotification, shown };
}
