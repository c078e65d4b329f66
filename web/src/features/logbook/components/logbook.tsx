import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGBOOK_COUNT_LOAD_FAILED, LOGBOOK_LOAD_FAILED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { LOGBOOK_PAGE_SIZE } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useLogbook } from '../api/get-logbook';
import { useLogbookCount } from '../api/get-logbook-count';
import { pageCount, parsePage } from '../utils/paging';
import { LogbookCards } from './logbook-cards';
import { LogbookPager } from './logbook-pager';
import { LogbookTable } from './logbook-table';
import './logbook.css';

/** The signed-in user's logbook, 500 QSOs a page; the page is in the URL (?page=). */
export function Logbook() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const logbook = useLogbook(page);
  const count = useLogbookCount();
  const narrow = useMediaQuery(NARROW_SCREEN);

  // The page answer carries the total too, so a failed count still gives the pager its end.
  const total = count.data?.count ?? logbook.data?.total ?? null;
  const pages = pageCount(total ?? 0, LOGBOOK_PAGE_SIZE);

  // A page past the end (an old link, QSOs deleted meanwhile) moves to the last page.
  useEffect(() => {
    if (total !== null && page > pages) setParams(pages === 1 ? {} : { page: String(pages) }, { replace: true });
  }, [total, page, pages, setParams]);

  function goTo(next: number) {
    const p = Math.min(Math.max(1, next), pages);
    setParams(p === 1 ? {} : { page: String(p) });
    window.scrollTo(0, 0);
  }

  const qsos = logbook.data?.logbook ?? [];
  const pager = (label?: string) => (
    <LogbookPager page={page} pages={pages} total={total} onPage={goTo} busy={logbook.isFetching} {...(label ? { label } : {})} />
  );

  return (
    <div className="logbook">
      {count.isError ? <Notice tone="error">{LOGBOOK_COUNT_LOAD_FAILED}</Notice> : null}
      {logbook.isError ? (
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
      ) : qsos.length === 0 && page === 1 ? (
        <p className="empty">
          {MESSAGES.logbookEmpty}
          <Link to="/logger">{MESSAGES.logbookEmptyLink}</Link>
        </p>
      ) : (
        <>
          {pager()}
          {narrow ? <LogbookCards qsos={qsos} busy={logbook.isPlaceholderData} /> : <LogbookTable qsos={qsos} busy={logbook.isPlaceholderData} />}
          {qsos.length > 25 ? pager('Logbook pages (bottom)') : null}
        </>
      )}
    </div>
  );
}
