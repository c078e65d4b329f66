import { LOADING } from '@hamlog/domain/messages';

export function Loading({ label = LOADING }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
