import { Link, useLocation } from 'react-router-dom';
import { searchFor, type FilterValues } from '../utils/filters';

/** The logbook as a whole, or its QSL queue (?queue=paper: the cards queued or requested, to send); the other filters stay. */
export function LogbookViews({ filters }: { filters: FilterValues }) {
  const { pathname } = useLocation();
  const inQueue = filters.queue === 'paper';
  const to = (queue: string) => {
    const search = new URLSearchParams(searchFor({ ...filters, queue })).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <nav className="logbook-views" aria-label="Logbook views">
      <Link to={to('')} className="btn btn-chip" aria-current={inQueue ? undefined : 'page'}>
        All QSOs
      </Link>
      <Link to={to('paper')} className="btn btn-chip" aria-current={inQueue ? 'page' : undefined}>
        QSL queue
      </Link>
    </nav>
  );
}
