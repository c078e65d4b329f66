import { useEffect, useRef } from 'react';
import { PRODUCT_NAME } from '@/config/app';
import { notificationApi, notificationText, shouldNotify } from '../utils/desktop-notification';

/**
 * Shows a desktop notification whenever the unread count grows (windows wider than 550 px only),
 * once the user has granted permission. Permission is never asked for here: Firefox and Safari
 * ignore requests that do not come from a click (see EnableDesktopNotifications on /notifications).
 */
export function useDesktopNotifications(count: number | null, onOpen?: () => void) {
  const previous = useRef<number | null>(null);

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
