import { useEffect, useRef } from 'react';
import { PRODUCT_NAME } from '@/config/app';
import { notificationApi, notificationText, shouldNotify } from '../utils/desktop-notification';

/**
 * Ask once for permission to show desktop notifications, then show one whenever the unread
 * count grows (windows wider than 550 px only). Does nothing where the API does not exist.
 */
export function useDesktopNotifications(count: number | null, onOpen?: () => void) {
  const previous = useRef<number | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    const api = notificationApi();
    if (!api || count === null || asked.current) return;
    asked.current = true;
    if (api.permission === 'default') {
      try {
        void Promise.resolve(api.requestPermission()).catch(() => undefined);
      } catch {
        // older browsers take a callback and throw on a promise; not worth more
      }
    }
  }, [count]);

  useEffect(() => {
    if (count === null) {
      previous.current = null;
      return;
    }
    const api = notificationApi();
    if (api && api.permission === 'granted' && shouldNotify(previous.current, count, window.innerWidth)) {
      try {
        const note = new api(PRODUCT_NAME, { body: notificationText(count), tag: 'hamlog-unread' });
        note.onclick = () => {
          window.focus();
          onOpen?.();
          note.close();
        };
      } catch {
        // some mobile browsers only allow notifications from a service worker
      }
    }
    previous.current = count;
  }, [count, onOpen]);
}
