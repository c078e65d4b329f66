import type { AwardValueState } from '@hamlog/domain/award-tracking/api';

/** How many marks are in each state. */
export function countStates(marks: readonly { state: AwardValueState }[]): Record<AwardValueState, number> {
  const counts: Record<AwardValueState, number> = { confirmed: 0, worked: 0, needed: 0 };
  for (const mark of marks) counts[mark.state] += 1;
  return counts;
}
