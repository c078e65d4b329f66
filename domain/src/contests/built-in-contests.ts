/** The contests the product ships with: plain data, scored like any organiser's contest. */
import type { Contest } from './contest';

/** The members' FT4/FT8 contest (community.md §2): 2 Nov 2024, 09:00-21:00 UTC, 1 point per contact, a station once whatever the band. */
export const MEMBERS_FT4_FT8_2024: Contest = {
  id: 'members-ft4-ft8-2024',
  name: 'Members FT4/FT8 Contest',
  startsAt: '2024-11-02T09:00:00Z',
  endsAt: '2024-11-02T21:00:00Z',
  modes: ['FT4', 'FT8'],
  pointsPerContact: 1,
  duplicateRule: 'call',
  lateUploadHours: 48,
  repeat: 'none',
  organiserUserId: null,
};

/** The streamers' board (/megastream): every contact of the current UTC day, any mode. */
export const MEGASTREAM: Contest = {
  id: 'megastream',
  name: 'MegaStream',
  startsAt: '2024-01-01T00:00:00Z',
  endsAt: '2024-01-02T00:00:00Z',
  modes: [],
  pointsPerContact: 1,
  duplicateRule: 'none',
  lateUploadHours: 48,
  repeat: 'daily',
  organiserUserId: null,
};

export const BUILT_IN_CONTESTS: readonly Contest[] = [MEMBERS_FT4_FT8_2024, MEGASTREAM];

/** What POST /vscores answers without a contest_id. */
export const DEFAULT_CONTEST_ID = MEMBERS_FT4_FT8_2024.id;
/** What POST /vscores4megastream answers. */
export const MEGASTREAM_CONTEST_ID = MEGASTREAM.id;

export function builtInContest(id: string): Contest | null {
  return BUILT_IN_CONTESTS.find((c) => c.id === id) ?? null;
}
