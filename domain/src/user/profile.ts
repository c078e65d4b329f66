/** The profile form's fields as the user aggregate keeps them (community spec §3 User, §5 Profile form). */

export interface Profile {
  name: string;
  qth: string;
  /** A Maidenhead locator in its conventional form ('FN31pr'), or '' before the form is first saved. */
  grid: string;
  mobileNumber: string;
  clubCall: string;
  /** Plain text: markup is stripped before it is stored. */
  profileBio: string;
  facebookLink: string;
  youtubeLink: string;
  instagramLink: string;
  twitterLink: string;
  /** The operator's live stream (live-station/stream-address.ts), or ''. */
  liveStreamUrl: string;
  qrzApiKey: string;
  qrzAutoLogQso: boolean;
  clublogEmail: string;
  /** The Clublog password itself is kept outside the event log (decision 0014); this says one is stored. */
  hasClublogPassword: boolean;
  clublogAutoLogQso: boolean;
  eqslApikey: string;
  excludeFromLeaderboards: boolean;
  /** Others see the station's award counts on its public page; off unless the owner turns it on. */
  showAwardProgress: boolean;
  rigNameOverride: string;
  isHam: boolean;
  isCb: boolean;
  isSwl: boolean;
}

export const EMPTY_PROFILE: Profile = {
  name: '',
  qth: '',
  grid: '',
  mobileNumber: '',
  clubCall: '',
  profileBio: '',
  facebookLink: '',
  youtubeLink: '',
  instagramLink: '',
  twitterLink: '',
  liveStreamUrl: '',
  qrzApiKey: '',
  qrzAutoLogQso: false,
  clublogEmail: '',
  hasClublogPassword: false,
  clublogAutoLogQso: false,
  eqslApikey: '',
  excludeFromLeaderboards: false,
  showAwardProgress: false,
  rigNameOverride: '',
  isHam: false,
  isCb: false,
  isSwl: false,
};

/**
 * The API's (and the users read model's column) name of each profile field: the one place the
 * two spellings meet.
 */
export const PROFILE_API_FIELDS = {
  name: 'name',
  qth: 'qth',
  grid: 'grid',
  mobileNumber: 'mobile_number',
  clubCall: 'club_call',
  profileBio: 'profile_bio',
  facebookLink: 'facebook_link',
  youtubeLink: 'youtube_link',
  instagramLink: 'instagram_link',
  twitterLink: 'twitter_link',
  liveStreamUrl: 'live_stream_url',
  qrzApiKey: 'qrz_api_key',
  qrzAutoLogQso: 'qrz_auto_log_qso',
  clublogEmail: 'clublog_email',
  hasClublogPassword: 'has_clublog_password',
  clublogAutoLogQso: 'clublog_auto_log_qso',
  eqslApikey: 'eqsl_apikey',
  excludeFromLeaderboards: 'exclude_from_leaderboards',
  showAwardProgress: 'show_award_progress',
  rigNameOverride: 'rig_name_override',
  isHam: 'is_ham',
  isCb: 'is_cb',
  isSwl: 'is_swl',
} as const satisfies Record<keyof Profile, string>;

export type ProfileApiField = (typeof PROFILE_API_FIELDS)[keyof Profile];

export const PROFILE_KEYS = Object.keys(PROFILE_API_FIELDS) as (keyof Profile)[];

export function sameProfile(a: Profile, b: Profile): boolean {
  return PROFILE_KEYS.every((key) => a[key] === b[key]);
}

/** The profile under its API names (what the owner's User and the read model's columns carry). */
export function profileToApi(profile: Profile): { [K in keyof Profile as (typeof PROFILE_API_FIELDS)[K]]: Profile[K] } {
  const out: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) out[PROFILE_API_FIELDS[key]] = profile[key];
  return out as never;
}

/** The profile from a row or object keyed by API names; missing or null fields take the empty value. */
export function profileFromApi(row: Partial<Record<ProfileApiField, unknown>>): Profile {
  const out: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) {
    const value = row[PROFILE_API_FIELDS[key]];
    const empty = EMPTY_PROFILE[key];
    out[key] = typeof empty === 'boolean' ? value === true : typeof value === 'string' ? value : empty;
  }
  return out as unknown as Profile;
}
