import type { AwardMapPoint, AwardValueState } from '@hamlog/domain/award-tracking/api';

/** How many points are in each state. */
export function countStates(points: readonly Pick<AwardMapPoint, 'state'>[]): Record<AwardValueState, number> {
  const counts: Record<AwardValueState, number> = { confirmed: 0, worked: 0, needed: 0 };
  for (const point of points) counts[point.state] += 1;
  return counts;
}
