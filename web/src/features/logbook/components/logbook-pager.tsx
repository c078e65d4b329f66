import { pageLabel } from '../utils/paging';

/** First / PREV / NEXT / Last and 'Page n of m (total Qs)'. */
export function LogbookPager({
  page,
  pages,
  total,
  onPage,
  busy,
  label = 'Logbook pages',
}: {
  page: number;
  pages: number;
  total: number | null;
  onPage: (page: number) => void;
  busy?: boolean;
  label?: string;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <div className="pager-buttons">
        <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </button>
        <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          PREV
        </button>
        <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          NEXT
        </button>
        <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => onPage(pages)}>
          Last
        </button>
      </div>
      <p className="pager-label" aria-live="polite" aria-busy={busy || undefined}>
        {pageLabel(page, pages, total)}
      </p>
    </nav>
  );
}
