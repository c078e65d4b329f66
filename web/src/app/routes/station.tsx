import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';

/** /{callsign}: the public profile comes in a later issue. */
export function StationRoute() {
  const { callsign = '' } = useParams();
  const call = callsign.toUpperCase();
  return (
    <Page title={call}>
      <p>Profile for {call} coming soon.</p>
    </Page>
  );
}

/** /search?callsign=X goes to /X; without a callsign to /. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const callsign = params.get('callsign')?.trim();
  return <Navigate to={callsign ? `/${encodeURIComponent(callsign.toUpperCase())}` : '/'} replace />;
}
