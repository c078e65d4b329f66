import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { ClaimCallsignForm } from '@/features/callsign-claims/components/claim-callsign-form';
import { useSession } from '@/lib/session';

/** /claim-callsign?callsign=W1AW: prove a callsign is yours, with or without an account (decision 0025). */
export function ClaimCallsignRoute() {
  const [params] = useSearchParams();
  const signedIn = Boolean(useSession());
  return (
    <Page title="Claim your callsign" narrow>
      <p className="lead">
        Hold a callsign that is taken here, or want yours shown as verified? Send a photo of your licence or a QSL card; an
        admin reviews it. A callsign proven this way moves to your account and can no longer be taken by anyone else.
      </p>
      <ClaimCallsignForm initialCallsign={(params.get('callsign') ?? '').toUpperCase()} signedIn={signedIn} />
    </Page>
  );
}
