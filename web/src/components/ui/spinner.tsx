import { MESSAGES } from '@/config/messages';

export function Loading({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
