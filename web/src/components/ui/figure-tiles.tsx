import type { ReactNode } from 'react';

/** A page's key figures at a glance: one tile each, its label over the number, in a grid that wraps. */
export function FigureTiles({ label, figures, className }: { label: string; figures: readonly (readonly [string, ReactNode])[]; className?: string }) {
  return (
    <dl className={className ? `figure-tiles ${className}` : 'figure-tiles'} aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name} className="figure-tile">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
