/** The admin calls' answers (community spec §3 Admin response, §7 POST /vadmin/users). */

/** One account in the admin table: profile thumbnail, Sub tick, Manager callsign, Call, Name, DateTime. */
export interface AdminUserRow {
  id: string;
  my_callsign: string;
  name: string;
  profile_image_name: string;
  /** A subscription in force now. */
  subscribed: boolean;
  /** The main account's callsign for a sub-account, else null. */
  managed_by_callsign: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
}

/** POST /vadmin/users: the spec's users, new_today, new_this_week, new_this_month, and the other cards' figures. */
export interface AdminUsersAnswer {
  /** The newest accounts first, at most ADMIN_USERS_TABLE_LIMIT. */
  users: AdminUserRow[];
  new_today: number;
  new_this_week: number;
  new_this_month: number;
  total_profiles: number;
  paying_accounts: number;
  /** GBP, 2.65 per paying account. */
  monthly_revenue: number;
  /** GBP, monthly × 12. */
  annual_revenue: number;
  currency: 'GBP';
}

/** One UTC day of the analytics view. */
export interface AdminStatsDay {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  new_users: number;
  qsos: number;
  /** Stations with at least one QSO that day. */
  active_stations: number;
}

export interface AdminTopEntity {
  dxcc: number;
  name: string;
  qsos: number;
}

/** POST /vadmin/stats {days?}: the platform over time, for analysts. */
export interface AdminStatsAnswer {
  days: AdminStatsDay[];
  /** The entities with the most QSOs, all time (the stations' statistics counters). */
  top_entities: AdminTopEntity[];
}
