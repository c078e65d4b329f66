import { useState } from 'react';
import { MESSAGES } from '@/config/messages';
import { notificationApi, requestNotificationPermission } from '../utils/desktop-notification';

/**
 * 'Enable desktop notifications': asks for the browser's permission from the click itself (the
 * only way Firefox and Safari accept). Shown only while the browser has not been asked yet.
 */
export function EnableDesktopNotifications() {
  const api = notificationApi();
  const [permission, setPermission] = useState(() => api?.permission ?? 'denied');
  if (!api || permission !== 'default') return null;
  return (
    <p className="enable-notifications">
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void requestNotificationPermission(api).then(setPermission)}>
        {MESSAGES.enableDesktopNotifications}
      </button>
    </p>
  );
}
