import { useParams } from 'react-router-dom';
import { useLiveFeedCard } from '@/features/live-feed/hooks/use-live-feed-card';
import { useLiveRigData } from '@/features/live-feed/hooks/use-live-rig-data';
import { LiveStationPage } from '@/features/live-station/components/live-station-page';

/** One station, followed live through the live feed's own connection and cache (no second socket). */
function LiveStation({ userId }: { userId: string }) {
  useLiveRigData();
  const live = useLiveFeedCard(userId);
  return <LiveStationPage userId={userId} pushed={live ? { card: live.card, at: live.changedAt } : null} />;
}

/** /live/user/{id}: the camera link on a streaming station's card. */
export function LiveStationRoute() {
  const { id = '' } = useParams();
  return <LiveStation key={id} userId={id} />;
}
