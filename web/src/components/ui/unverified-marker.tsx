import { CALLSIGN_UNVERIFIED, CALLSIGN_UNVERIFIED_TITLE } from '@hamlog/domain/messages';

/** 'Unverified' next to a callsign nobody has proven yet (decision 0025): words, not only a colour. */
export function UnverifiedMarker({ verified }: { verified: boolean | undefined }) {
  if (verified) return null;
  return (
    <span className="badge badge-unverified" title={CALLSIGN_UNVERIFIED_TITLE}>
      {CALLSIGN_UNVERIFIED}
    </span>
  );
}
