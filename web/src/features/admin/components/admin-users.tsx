import { Link } from 'react-router-dom';
import { FAILED_TO_LOAD_USERS } from '@hamlog/domain/messages';
import { Avatar } from '@/components/ui/avatar';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { Loading } from '@/components/ui/spinner';
import { formatUtcMinute } from '@/utils/time';
import { useAdminUsers, type AdminUsersAnswer } from '../api/admin';
import { formatGbp, formatNumber, REVENUE_NOTE } from '../utils/format';
import { AdminLoadError } from './admin-refusal';
import './admin.css';

/** The cards of community spec 'Admin statistics', in its order. */
function cardsOf(answer: AdminUsersAnswer): Array<[string, string]> {
  return [
    ['New Users Today', formatNumber(answer.new_today)],
    ['This Week', formatNumber(answer.new_this_week)],
    ['This Month', formatNumber(answer.new_this_month)],
    ['Total Profiles', formatNumber(answer.total_profiles)],
    ['Paying Accounts', formatNumber(answer.paying_accounts)],
    ['Monthly Revenue', formatGbp(answer.monthly_revenue)],
    ['Annual Revenue', formatGbp(answer.annual_revenue)],
  ];
}

function UsersTable({ users }: { users: AdminUsersAnswer['users'] }) {
  if (users.length === 0) return <p className="empty">No users yet.</p>;
  return (
    <div className="table-scroll admin-table-scroll" role="region" aria-label="Newest users" tabIndex={0}>
      <table className="table admin-users-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Profile picture</span>
            </th>
            <th scope="col">Sub</th>
            <th scope="col">Manager</th>
            <th scope="col">Call</th>
            <th scope="col">Name</th>
            <th scope="col">DateTime (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <Avatar imageName={user.profile_image_name} callsign={user.my_callsign} />
              </td>
              <td>{user.subscribed ? <span aria-label="Subscribed" role="img">✓</span> : null}</td>
              <td>{user.managed_by_callsign ?? ''}</td>
              <th scope="row">
                <Link to={`/${encodeURIComponent(user.my_callsign)}`}>{user.my_callsign}</Link>
              </th>
              <td>{user.name}</td>
              <td className="admin-nowrap">{formatUtcMinute(user.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/users: the accounts' cards and the newest accounts, for administrators (the server refuses anyone else). */
export function AdminUsers() {
  const answer = useAdminUsers();
  if (answer.isPending) return <Loading />;
  if (answer.isError) return <AdminLoadError error={answer.error} failed={FAILED_TO_LOAD_USERS} retry={() => void answer.refetch()} />;
  return (
    <div className="admin-page">
      <FigureTiles label="Totals" figures={cardsOf(answer.data)} />
      <p className="muted admin-note">{REVENUE_NOTE}</p>
      <UsersTable users={answer.data.users} />
    </div>
  );
}
