import type { ReactNode } from 'react';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';

/** Shown as it is on wide screens; on phones folded under `summary`, where it would fill the screen. */
export function FoldOnPhones({ summary, children }: { summary: string; children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  if (!narrow) return <>{children}</>;
  return (
    <details className="ap-fold">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
