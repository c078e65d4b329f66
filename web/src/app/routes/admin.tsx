import { Page } from '@/components/ui/page';
import { AdminAnalytics } from '@/features/admin/components/admin-analytics';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminUsers } from '@/features/admin/components/admin-users';

/** /admin/users: login required here; the server answers administrators only (403 shows the refusal). */
export function AdminUsersRoute() {
  return (
    <Page title="Admin statistics">
      <AdminNav />
      <AdminUsers />
    </Page>
  );
}

/** /admin/stats: the platform over time, for analysts; administrators only, as /admin/users. */
export function AdminStatsRoute() {
  return (
    <Page title="Platform analytics">
      <AdminNav />
      <AdminAnalytics />
    </Page>
  );
}
