import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { DeletedQsos } from '@/features/qso/components/deleted-qsos';

export function DeletedQsosRoute() {
  return (
    <Page
      title="Deleted QSOs"
      actions={
        <Link to="/logs" className="btn btn-secondary">
          Logbook
        </Link>
      }
    >
      <DeletedQsos />
    </Page>
  );
}
