/**
 * The award rules' inputs straight from the event log: every QSO of the day in its latest version
 * with its first upload (to the second, as the facts keep it), and the subscription and exclusion
 * history of its stations. The reference the daily job's inputs (the stream's facts and the
 * awards read model) are compared with.
 */
import { liveQsosOfLog, type LoggedEvent } from '../qso/qso-log';
import type { UserEvent } from '../user/decider';
import { userStreamName } from '../user/streams';
import { awardDayEnd, awardDayStart } from './award-day';
import type { AwardQso, AwardStation, DailyAwardsInput } from './daily-awards';

const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

export function awardInputsFromLog(events: readonly LoggedEvent[], day: string): Pick<DailyAwardsInput, 'qsos' | 'stations'> {
  const userPrefix = userStreamName('');
  const mainOf = new Map<string, string>();
  const subscriptions = new Map<string, AwardStation['subscriptionChanges'][number][]>();
  const exclusions = new Map<string, AwardStation['exclusionChanges'][number][]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const event of events) {
    if (!event.streamId.startsWith(userPrefix)) continue;
    const userId = event.streamId.slice(userPrefix.length);
    const user = { type: event.type, data: event.data } as UserEvent;
    if (user.type === 'ManagedAccountCreated') mainOf.set(userId, user.data.managedById);
    if (user.type === 'SubscriptionChanged') push(subscriptions, userId, { at: user.data.changedAt, level: user.data.level, expiryDate: user.data.expiryDate });
    if (user.type === 'ProfileUpdated') {
      const excluded = user.data.profile.excludeFromLeaderboards === true;
      if ((exclusions.get(userId)?.at(-1)?.excluded ?? false) !== excluded) push(exclusions, userId, { at: user.data.updatedAt, excluded });
    }
  }
  const from = awardDayStart(day).getTime();
  const to = awardDayEnd(day).getTime();
  const qsos: AwardQso[] = [];
  for (const { state, firstAt } of liveQsosOfLog(events)) {
    const ts = new Date(state.fields.ts);
    if (ts.getTime() < from || ts.getTime() >= to) continue;
    qsos.push({
      qdoId: state.qdoId,
      stationUserId: state.stationUserId,
      stationCallsign: state.stationCallsign,
      ts,
      mode: state.fields.mode,
      dxcc: state.fields.dxcc,
      firstUploadedAt: toSecond(firstAt),
    });
  }
  const stations = [...new Set(qsos.map((q) => q.stationUserId))].map((userId) => ({
    userId,
    subscriptionChanges: subscriptions.get(mainOf.get(userId) ?? userId) ?? [],
    exclusionChanges: exclusions.get(userId) ?? [],
  }));
  return { qsos, stations };
}
