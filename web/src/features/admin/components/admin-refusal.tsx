import { ADMIN_ONLY } from '@hamlog/domain/messages';
import { LoadFailed } from '@/components/ui/load-failed';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-error';

/**
 * What an admin page shows when its call failed: the refusal for anyone but an administrator
 * (the server answers 403), else `failed` with a retry.
 */
export function AdminLoadError({ error, failed, retry }: { error: unknown; failed: string; retry: () => void }) {
  if (isApiError(error) && error.status === 403) return <Notice tone="error">{ADMIN_ONLY}</Notice>;
  return <LoadFailed message={failed} onRetry={retry} />;
}
