import { Page } from '@/components/ui/page';
import { Inbox } from '@/features/inbox/components/inbox';

/** /notifications */
export function NotificationsRoute() {
  return (
    <Page title="Notifications" narrow>
      <Inbox />
    </Page>
  );
}
