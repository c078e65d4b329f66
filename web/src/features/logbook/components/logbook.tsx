import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGBOOK_COUNT_LOAD_FAILED, LOGBOOK_LOAD_FAILED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { LOGBOOK_PAGE_SIZE } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useLogbook } from '../api/get-logbook';
import { useLogbookCount } from '../api/get-logbook-count';
import { usePageSelection } from '../hooks/use-page-selection';
import { activeFilters, filtersFromParams, isFiltering, NO_FILTERS, searchFor, type FilterKey, type FilterValues } from '../utils/filters';
import { pageCount, parsePage } from '../utils/paging';
import { LogbookCards } from './logbook-cards';
import { LogbookFilters } from './logbook-filters';
import { LogbookPager } from './logbook-pager';
import { LogbookTable } from './logbook-table';
import { LogbookViews } from './logbook-views';
import { QslCardActions } from './qsl-card-actions';
import './logbook.css';

export const NO_MATCHES = 'No QSOs match these filters.';
export const FILTERS_REFUSED = 'These filters cannot be used: see the messages under them.';
export const QUEUE_EMPTY = 'No QSL cards are waiting to be sent.';
export const QUEUE_HINT = 'Paper QSL cards queued or requested, waiting to be sent.';

/** The server's 422 messages about filters, by filter; null when the failure was something else. */
function filterErrors(error: unknown): Partial<Record<FilterKey, string>> | null {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return null;
  return Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key, messages[0] ?? '']));
}

/**
 * The signed-in user's logbook, 500 QSOs a page; the page and the filters are in the URL (?page=,
 * ?band=…), and so is the QSL queue (?queue=paper), which keeps the other filters. QSOs are chosen
 * with their boxes (or the whole page) to mark their paper QSL cards.
 */
export function Logbook() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const query = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query]);
  const narrowing = useMemo(() => activeFilters(filters), [filters]);
  const filtering = Object.keys(narrowing).length > 0;
  const logbook = useLogbook(page, narrowing);
  const count = useLogbookCount(!filtering);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const badFilters = filterErrors(logbook.error);
  const inQueue = filters.queue === 'paper';
  // Clear filters keeps the view (the QSL queue is not a filter the bar shows).
  const otherFilters = useMemo(() => ({ ...filters, queue: '' }), [filters]);
  const narrowed = isFiltering(otherFilters);

  // Filtered, the page answer counts the matches; else the count (the page's total when the count fails).
  const total = filtering ? (logbook.data?.total ?? null) : (count.data?.count ?? logbook.data?.total ?? null);
  const pages = pageCount(total ?? 0, LOGBOOK_PAGE_SIZE);

  // A page past the end (an old link, QSOs deleted meanwhile) moves to the last page.
  useEffect(() => {
    if (total !== null && !logbook.isPlaceholderData && page > pages) setParams(searchFor(filters, pages), { replace: true });
  }, [total, page, pages, filters, logbook.isPlaceholderData, setParams]);

  function goTo(next: number) {
    setParams(searchFor(filters, Math.min(Math.max(1, next), pages)));
    window.scrollTo(0, 0);
  }

  const filter = (next: FilterValues) => setParams(searchFor(next));
  const clear = () => filter({ ...NO_FILTERS, queue: filters.queue });

  const qsos = useMemo(() => logbook.data?.logbook ?? [], [logbook.data]);
  const ids = useMemo(() => qsos.map((q) => q.qdo_id), [qsos]);
  const selection = usePageSelection(ids, query);
  const pager = (label?: string) => (
    <LogbookPager page={page} pages={pages} total={total} onPage={goTo} busy={logbook.isFetching} {...(label ? { label } : {})} />
  );

  return (
    <div className="logbook">
      <LogbookViews filters={filters} />
      {inQueue ? <p className="field-hint logbook-queue-hint">{QUEUE_HINT}</p> : null}
      <LogbookFilters filters={filters} errors={badFilters ?? {}} onApply={filter} onClear={clear} clearable={narrowed} />
      {count.isError && !filtering ? <Notice tone="error">{LOGBOOK_COUNT_LOAD_FAILED}</Notice> : null}
      {badFilters ? (
        <Notice tone="error">{FILTERS_REFUSED}</Notice>
      ) : logbook.isError ? (
        <>
          <Notice tone="error">{LOGBOOK_LOAD_FAILED}</Notice>
          <p>
            <button type="button" className="btn btn-secondary" onClick={() => void logbook.refetch()}>
              Try again
            </button>
          </p>
          {pages > 1 || page > 1 ? pager() : null}
        </>
      ) : logbook.isPending ? (
        <Loading />
      ) : qsos.length === 0 && page === 1 && narrowed ? (
        <div className="empty">
          <p role="status">{NO_MATCHES}</p>
          <button type="button" className="btn btn-secondary" onClick={clear}>
            Clear filters
          </button>
        </div>
      ) : qsos.length === 0 && page === 1 && inQueue ? (
        <p className="empty" role="status">
          {QUEUE_EMPTY}
        </p>
      ) : qsos.length === 0 && page === 1 ? (
        <p className="empty">
          {MESSAGES.logbookEmpty}
          <Link to="/logger">{MESSAGES.logbookEmptyLink}</Link>
        </p>
      ) : (
        <>
          <QslCardActions selection={selection} pageSize={qsos.length} queue={inQueue} withPageBox={narrow} />
          {pager()}
          {narrow ? (
            <LogbookCards qsos={qsos} selection={selection} busy={logbook.isPlaceholderData} />
          ) : (
            <LogbookTable qsos={qsos} selection={selection} busy={logbook.isPlaceholderData} />
          )}
          {qsos.length > 25 ? pager('Logbook pages (bottom)') : null}
        </>
      )}
    </div>
  );
}
