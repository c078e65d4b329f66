import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { StationStats } from '@/features/stats/components/station-stats';

/** /stats: what the signed-in station's log says (issue 11), with chart.js in this page's chunk only. */
export function StatsRoute() {
  return (
    <Page
      title="Statistics"
      actions={
        <Link to="/logs" className="btn btn-secondary btn-small">
          Logbook
        </Link>
      }
    >
      <StationStats />
    </Page>
  );
}
