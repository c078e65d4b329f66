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

/** CQ World Wide DX CW 2026: the last full weekend of November, 48 hours from 00:00 UTC Saturday, by CQ WW's rules; logs due within 5 days. */
export const CQ_WW_DX_CW_2026: Contest = {
  id: 'cq-ww-dx-cw-2026',
  name: 'CQ World Wide DX Contest CW 2026',
  startsAt: '2026-11-28T00:00:00Z',
  endsAt: '2026-11-30T00:00:00Z',
  modes: ['CW'],
  pointsPerContact: 1,
  duplicateRule: 'call-band',
  lateUploadHours: 120,
  repeat: 'none',
  organiserUserId: null,
  rules: 'CQ-WW-CW',
};

export const BUILT_IN_CONTESTS: readonly Contest[] = [MEMBERS_FT4_FT8_2024, MEGASTREAM, CQ_WW_DX_CW_2026];

/** What POST /vscores answers without a contest_id. */
export const DEFAULT_CONTEST_ID = MEMBERS_FT4_FT8_2024.id;
/** What POST /vscores4megastream answers. */
export const MEGASTREAM_CONTEST_ID = MEGASTREAM.id;

export function builtInContest(id: string): Contest | null {
  return BUILT_IN_CONTESTS.find((c) => c.id === id) ?? null;
}
