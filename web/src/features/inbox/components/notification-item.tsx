import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { formatUtcMinute } from '@/utils/time';
import type { Notification } from '../api/get-inbox';

/** One notification: who sent it, the subject and text, when, and what it is about. */
export function NotificationItem({ notification: n }: { notification: Notification }) {
  const from = n.sender?.my_callsign?.trim() || null;
  return (
    <li className="notification">
      <Avatar imageName={n.sender?.profile_image_name} callsign={from ?? '?'} />
      <div className="notification-body">
        <p className="notification-head">{n.subject ? <strong>{n.subject}</strong> : null}</p>
        <p className="notification-meta muted">
          {from ? (
            <>
              From <Link to={`/${encodeURIComponent(from)}`}>{from}</Link> ·{' '}
            </>
          ) : null}
          <time dateTime={n.created_at}>{formatUtcMinute(n.created_at)} UTC</time>
        </p>
        {n.message ? <p className="notification-message">{n.message}</p> : null}
        {n.about_qso_id ? <Link to={`/qso/${encodeURIComponent(n.about_qso_id)}`}>View the QSO</Link> : null}
        {n.about_post_id ? <Link to={`/post/${encodeURIComponent(n.about_post_id)}`}>View the post</Link> : null}
      </div>
    </li>
  );
}
