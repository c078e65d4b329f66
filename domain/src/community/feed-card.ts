/**
 * A station's card in the home page's user feed (core.md §2 'Home page panes', §3 'Feed user
 * card'): the same rule for the websocket's public-rig-data pushes and for the read calls.
 */
import { hzToKhz } from '../frequency';
import type { RigReportedData } from '../rig/decider';
import { reportedMoment } from '../rig/rig-report';
import { isRigReportFresh } from '../rig/rig-state';
import { isSubscriptionActive } from '../user/subscription';
import type { FeedUserCard } from './api-shapes';
import { isContestingOpMode, ONLINE_WINDOW_MS, OP_MODE } from './rules';

/** The most cards GET /ActiveUserList and GET /logged_in_users_not_in_rig_control answer. */
export const FEED_USERS_LIMIT = 200;

export interface FeedCardUser {
  id: string;
  name: string;
  myCallsign: string;
  profileImageName: string;
  isAdmin: boolean;
  /** The subscription that applies (a sub-account's is its main account's); null: none. */
  subscription: { level: string; expiryDate: string | null } | null;
}

/** A station's last rig report as the live state keeps it. */
export type LiveRig = Omit<RigReportedData, 'userId' | 'power'>;

/** What the live state keeps of a RigReported event. */
export function liveRigOf(data: RigReportedData): LiveRig {
  const rig: LiveRig = { rigName: data.rigName, freqHz: data.freqHz, mode: data.mode, at: data.at, ...reportedMoment(data) };
  if (data.opMode !== undefined) rig.opMode = data.opMode;
  return rig;
}

/** Whether the rig is on a frequency or streaming, whenever reported (freshness aside). */
export function isRigOnAir(rig: LiveRig): boolean {
  return isRigOnFrequency(rig) || isRigStreaming(rig);
}

export interface FeedCardSource {
  user: FeedCardUser;
  /** The last rig report; null: none ever. */
  rig: LiveRig | null;
  /** ISO 8601 UTC time the user's session was last used; null: no live session. */
  lastSeenAt: string | null;
}

/** A rig on a frequency and not QRT, whenever reported (an app that never says its op mode is not QRT). */
export function isRigOnFrequency(rig: Pick<LiveRig, 'freqHz' | 'opMode'>): boolean {
  return rig.freqHz > 0 && rig.opMode !== OP_MODE.QRT;
}

/** Streaming video, whenever reported. */
export function isRigStreaming(rig: Pick<LiveRig, 'streaming'>): boolean {
  return rig.streaming === true;
}

/**
 * The card at `now`. A rig silent for more than RIG_STALE_MS is no rig: every rig field is empty.
 * 'Live' is streaming with a live rig report, on a frequency or not (the card shows 'On Air' for
 * either). A contesting station's frequency is masked (null). An app that never says its op mode
 * shows op_mode 0, as POST /vrigcontrol/get does.
 */
export function feedUserCard({ user, rig, lastSeenAt }: FeedCardSource, now: Date): FeedUserCard {
  const live = rig !== null && isRigReportFresh(rig.at, now) ? rig : null;
  const opMode = live?.opMode ?? OP_MODE.QRT;
  const contesting = live !== null && isContestingOpMode(opMode);
  return {
    id: user.id,
    name: user.name,
    my_callsign: user.myCallsign,
    profile_image_name: user.profileImageName,
    mode: live?.mode ?? '',
    prop_mode: live?.propMode ?? '',
    is_live: live !== null && isRigStreaming(live),
    is_online: lastSeenAt !== null && now.getTime() - Date.parse(lastSeenAt) <= ONLINE_WINDOW_MS,
    is_admin: user.isAdmin,
    sub: isSubscriptionActive(user.subscription, now),
    on_freq: live !== null && isRigOnFrequency(live),
    op_mode: opMode,
    contesting,
    ptt_down: live?.ptt === true,
    rig_name: live?.rigName ?? '',
    azimuth: live?.azimuth ?? null,
    elevation: live?.elevation ?? null,
    activation_type: live?.activationType ?? '',
    activation_ref: live?.activationRef ?? '',
    freq: live !== null && live.freqHz > 0 && !contesting ? hzToKhz(live.freqHz) : null,
    rig_reported_at: live?.at ?? null,
  };
}

/** Whether the card belongs in GET /ActiveUserList: on a frequency or live. */
export function isOnAirCard(card: FeedUserCard): boolean {
  return card.on_freq || card.is_live;
}
