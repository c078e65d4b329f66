import { logbookProjection } from './logbook/logbook-projection';
import { usersProjection } from './users/users-projection';
import { liveStationsProjection } from './live-stations/live-stations-projection';
import type { LiveCards } from './live-stations/live-cards';
import { followsProjection } from './follows/follows-projection';
import { photosProjection } from './photos/photos-projection';
import { notificationsProjection } from './notifications/notifications-projection';
import { qsoMediaProjection } from './qso-media/qso-media-projection';
import { qsoTrashProjection } from './qso-trash/qso-trash-projection';
import { contestEntriesProjection } from './contests/contest-entries-projection';
import { contestsProjection } from './contests/contests-projection';
import { awardsProjection } from './awards/awards-projection';
import { awardProgressProjection } from './award-progress/award-progress-projection';
import { adifExportsProjection } from './adif-exports/adif-exports-projection';
import { qsoImportsProjection } from './qso-imports/qso-imports-projection';
import { postsProjection } from './posts/posts-projection';
import { donationsProjection } from './payments/donations-projection';

/**
 * Every read model, by name (the names `npm run rebuild -- <projection>` takes). With `liveCards`
 * (the running service) the live stations' changes are announced; a rebuild announces nothing.
 */
export function allProjections(liveCards?: LiveCards) {
  return { users: usersProjection, logbook: logbookProjection, 'qso-media': qsoMediaProjection, 'qso-trash': qsoTrashProjection, follows: followsProjection, photos: photosProjection, notifications: notificationsProjection, 'live-stations': liveStationsProjection(liveCards), contests: contestsProjection, 'contest-entries': contestEntriesProjection, awards: awardsProjection, 'award-progress': awardProgressProjection, 'adif-exports': adifExportsProjection, 'qso-imports': qsoImportsProjection, posts: postsProjection, donations: donationsProjection };
}

export const projections = allProjections();
