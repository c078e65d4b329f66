import { useNavigate } from 'react-router-dom';
import { useCallback } from 'react';
import { useSession } from '@/lib/session';
import { unreadCount, useStatus } from '../api/get-status';
import { useDesktopNotifications } from './use-desktop-notifications';

/**
 * The shell's view of the inbox: polls the status while signed in, raises desktop
 * notifications when the count grows, and gives the count for the badge.
 */
export function useUnreadCount(): number {
  const session = useSession();
  const status = useStatus();
  const navigate = useNavigate();
  const count = session && status.data ? unreadCount(status.data) : null;
  const open = useCallback(() => void navigate('/notifications'), [navigate]);
  useDesktopNotifications(count, open);
  return count ?? 0;
}
