import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { AwardCards } from '@/features/award-progress/components/award-cards';
import { AwardProgressPage } from '@/features/award-progress/components/award-page';
import { RequireAuth } from './guards';

/** /awards: the signed-in station's progress toward each award the tracker follows. */
export function AwardsRoute() {
  return (
    <Page
      title="Awards"
      actions={
        <Link to="/logs" className="btn btn-secondary btn-small">
          Logbook
        </Link>
      }
    >
      <AwardCards />
    </Page>
  );
}

/** /awards/:award: one's own progress (login required), or with ?callsign= a station's that shows it, to anyone. */
export function AwardRoute() {
  const { award = '' } = useParams();
  const [params] = useSearchParams();
  const page = <AwardProgressPage awardId={award} />;
  return params.get('callsign') ? page : <RequireAuth>{page}</RequireAuth>;
}
