import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error' | 'warning';

/** A banner. Errors are announced at once (role alert), the rest politely (role status). */
export function Notice({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
