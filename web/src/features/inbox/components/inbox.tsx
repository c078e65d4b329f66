import { Link } from 'react-router-dom';
import { NO_NOTIFICATIONS, NOTIFICATIONS_LOAD_FAILED, SIGN_IN_FOR_NOTIFICATIONS } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { loginUrlFor } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import { useInbox, type Notification } from '../api/get-inbox';
import { EnableDesktopNotifications } from './enable-desktop-notifications';
import { NotificationItem } from './notification-item';

function NotificationList({ title, items }: { title: string; items: Notification[] }) {
  if (items.length === 0) return null;
  const id = `inbox-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="notification-list">
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} />
        ))}
      </ul>
    </section>
  );
}

/** /notifications: the button that enables desktop notifications, new notifications, then older ones. */
export function Inbox() {
  const session = useSession();
  if (!session) {
    return (
      <p className="empty">
        <Link to={loginUrlFor('/notifications')}>{SIGN_IN_FOR_NOTIFICATIONS}</Link>
      </p>
    );
  }
  return (
    <>
      <EnableDesktopNotifications />
      <InboxContent />
    </>
  );
}

function InboxContent() {
  const inbox = useInbox();
  if (inbox.isPending) return <Loading />;
  if (inbox.isError) return <Notice tone="error">{NOTIFICATIONS_LOAD_FAILED}</Notice>;
  const { notifications, OldNotifications } = inbox.data;
  if (notifications.length === 0 && OldNotifications.length === 0) return <p className="empty">{NO_NOTIFICATIONS}</p>;
  return (
    <div className="inbox">
      <NotificationList title="New" items={notifications} />
      <NotificationList title="Older notifications" items={OldNotifications} />
    </div>
  );
}
