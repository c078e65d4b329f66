import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { Logbook } from '@/features/logbook/components/logbook';

export function LogsRoute() {
  return (
    <Page
      title="Logbook"
      actions={
        <>
          <Link to="/logs/deleted" className="btn btn-link">
            Deleted QSOs
          </Link>
          <Link to="/stats" className="btn btn-secondary">
            Statistics
          </Link>
          <Link to="/awards" className="btn btn-secondary">
            Awards
          </Link>
          <Link to="/logger" className="btn btn-primary">
            LOG CONTACTS
          </Link>
        </>
      }
    >
      <Logbook />
    </Page>
  );
}
