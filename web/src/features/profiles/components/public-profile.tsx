import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/ui/page';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { isSubscriber, useSession } from '@/lib/session';
import { useProfile, type ProfileView } from '../api/get-profile';
import { DirectMessageForm } from './direct-message-form';
import { FollowButton } from './follow-button';
import { ProfileActivity } from './profile-activity';
import { ProfileDetails } from './profile-details';
import { ProfilePhotos } from './profile-photos';

/**
 * /{callsign}: a station's public page. The screen around it adds what depends on other
 * features: `accountActions` for a station found (e.g. switching into one's own
 * sub-account), `notFoundActions` for a callsign nobody holds (e.g. adding it as one),
 * `sections` shown under the photos for a station found (e.g. its award progress).
 */
export function PublicProfileView({
  callsign,
  accountActions,
  notFoundActions,
  sections,
}: {
  callsign: string;
  accountActions?: (profile: ProfileView) => ReactNode;
  notFoundActions?: ReactNode;
  sections?: ReactNode;
}) {
  const call = callsign.toUpperCase();
  useDocumentTitle(call);
  const session = useSession();
  const profile = useProfile(call);

  if (profile.isPending) return <Loading />;
  const notFound =
    (profile.isError && isApiError(profile.error) && profile.error.status === 404) || (profile.data && !profile.data.id);
  if (notFound) {
    return (
      <section className="page profile-page">
        <h1>{call}</h1>
        <Notice tone="warning">{MESSAGES.profileNotFound(call)}</Notice>
        {notFoundActions}
      </section>
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <section className="page profile-page">
        <h1>{call}</h1>
        <Notice tone="error">{MESSAGES.profileLoadFailed}</Notice>
      </section>
    );
  }

  const data = profile.data;
  const id = String(data.id);
  const own = session?.user ? String(session.user.id) === id : false;
  const signedInOther = Boolean(session) && !own;

  return (
    <section className="page profile-page">
      <div className="card profile-head">
        <ProfileDetails profile={data} />
        <div className="profile-actions">
          {signedInOther ? <FollowButton userId={id} callsign={data.my_callsign} following={data.following} /> : null}
          {own ? (
            <Link to="/stats" className="btn btn-secondary">
              My statistics
            </Link>
          ) : null}
          {accountActions?.(data)}
        </div>
      </div>
      <ProfilePhotos photos={data.photos} callsign={data.my_callsign} />
      {sections}
      {signedInOther ? (
        <DirectMessageForm recipientId={id} canMessage={isSubscriber(session)} />
      ) : null}
      <ProfileActivity profile={data} />
    </section>
  );
}
