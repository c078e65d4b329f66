import { useDocumentTitle } from '@/components/ui/page';
import { SubAccountsPage } from '@/features/sub-accounts/components/sub-accounts-page';

/** /account/profiles */
export function SubAccountsRoute() {
  useDocumentTitle('Sub accounts');
  return <SubAccountsPage />;
}
