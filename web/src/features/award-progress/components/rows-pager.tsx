import { formatCount } from '@/components/charts/series';

/** 'Rows 501–1,000 of 2,345' with Previous and Next, for awards with more rows than a page holds (WPX). */
export function RowsPager({ offset, limit, total, onOffset }: { offset: number; limit: number; total: number; onOffset: (offset: number) => void }) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(total, offset + limit);
  return (
    <nav className="pager" aria-label="Grid pages">
      <div className="pager-buttons">
        <button type="button" className="btn btn-secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          Previous
        </button>
        <button type="button" className="btn btn-secondary" disabled={last >= total} onClick={() => onOffset(offset + limit)}>
          Next
        </button>
      </div>
      <p className="pager-label" aria-live="polite">
        Rows {formatCount(total === 0 ? 0 : offset + 1)}–{formatCount(last)} of {formatCount(total)}
      </p>
    </nav>
  );
}
