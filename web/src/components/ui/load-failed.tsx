import { Notice } from '@/components/ui/notice';

/** A read that failed: what could not be loaded, and a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error">
      {message}{' '}
      <button type="button" className="btn btn-link" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}
