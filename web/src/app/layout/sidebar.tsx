import { useSyncExternalStore } from 'react';
import { NavLink } from 'react-router-dom';
import { FAQ_PATH } from '@/config/app';
import { UnreadBadge } from '@/features/inbox/components/unread-badge';
import { poppedVideo, stopPoppedVideo, subscribePoppedVideo } from '@/lib/video-player';
import { Icon, type IconName } from './icons';

const ITEMS: { to: string; label: string; icon: IconName; end?: boolean }[] = [
  { to: '/', label: 'Home', icon: 'home', end: true },
  { to: '/profile', label: 'Settings', icon: 'settings' },
  { to: '/download', label: 'Download', icon: 'download' },
  { to: '/import-export', label: 'Import/Export', icon: 'importExport' },
  { to: FAQ_PATH, label: 'FAQ', icon: 'faq' },
  { to: '/logs', label: 'Logs', icon: 'logs' },
];

/** The icon bar: down the left on wide screens, along the bottom on phones. */
export function Sidebar({ unread }: { unread: number }) {
  const playing = useSyncExternalStore(subscribePoppedVideo, poppedVideo, poppedVideo) !== null;
  return (
    <nav className="sidebar" aria-label="Main">
      <ul>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end ?? false} className="sidebar-link">
              <Icon name={item.icon} />
              <span className="sidebar-label">{item.label}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/notifications" className="sidebar-link">
            <Icon name="bell" />
            <span className="sidebar-label">Notifications</span>
            <UnreadBadge count={unread} />
          </NavLink>
        </li>
        {playing ? (
          <li>
            <button type="button" className="sidebar-link sidebar-stop" onClick={stopPoppedVideo}>
              <Icon name="stop" />
              <span className="sidebar-label">Stop video</span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
