import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { UnverifiedMarker } from '@/components/ui/unverified-marker';
import type { PublicProfile } from '@/types/api';
import { licenceLabels, safeWebLink } from '../utils/profile-view';

const SOCIAL_FIELDS = [
  ['facebook_link', 'Facebook'],
  ['youtube_link', 'YouTube'],
  ['instagram_link', 'Instagram'],
  ['twitter_link', 'Twitter'],
] as const;

/** Who the station is: picture, callsign, name, badge, where, bio and links. */
export function ProfileDetails({ profile }: { profile: PublicProfile }) {
  const callsign = profile.my_callsign;
  const labels = licenceLabels(profile);
  const main = profile.main_account || profile.managed_by_callsign;
  const links = SOCIAL_FIELDS.flatMap(([field, label]) => {
    const href = safeWebLink(profile[field]);
    return href ? [{ href, label }] : [];
  });

  return (
    <div className="profile-details">
      <Avatar imageName={profile.profile_image_name} callsign={callsign} size="large" />
      <div className="profile-facts">
        <div className="profile-callsign">
          <h1>{callsign}</h1>
          <UnverifiedMarker verified={profile.callsign_verified} />
          {profile.subscribed ? (
            <span className="badge badge-verified" title="Verified premium subscriber">
              <span aria-hidden="true">✔</span> Verified subscriber
            </span>
          ) : null}
        </div>
        {profile.name ? <p className="profile-name">{profile.name}</p> : null}
        <ul className="profile-tags" aria-label="About">
          {labels.map((l) => (
            <li key={l} className="tag">
              {l}
            </li>
          ))}
          {profile.qth ? <li>QTH: {profile.qth}</li> : null}
          {profile.grid ? <li>Grid: {profile.grid}</li> : null}
          {profile.club_call ? <li>Club: {profile.club_call}</li> : null}
          {main ? (
            <li>
              Operated from <Link to={`/${encodeURIComponent(main)}`}>{main}</Link>
            </li>
          ) : null}
          {profile.created_at ? <li>Member since {profile.created_at.slice(0, 10)}</li> : null}
        </ul>
        {profile.profile_bio ? <p className="profile-bio">{profile.profile_bio}</p> : null}
        {links.length > 0 ? (
          <ul className="profile-links" aria-label="Links">
            {links.map((l) => (
              <li key={l.label}>
                <a href={l.href} target="_blank" rel="noopener noreferrer nofollow">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
