import { useSearchParams } from 'react-router-dom';
import { PAYMENT_UPGRADE_ABORTED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';

/** Home with ?stripe=upgrade-abort: the customer left Stripe's checkout without paying. */
export function UpgradeAbortNotice() {
  const [params] = useSearchParams();
  if (params.get('stripe') !== 'upgrade-abort') return null;
  return <Notice tone="warning">{PAYMENT_UPGRADE_ABORTED}</Notice>;
}
