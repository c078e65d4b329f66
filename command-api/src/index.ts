export { commandRouter, COMMAND_PATHS, isCommandPath } from './app';
export type { CommandDeps } from './deps';
// For tests and tools that drive commands directly.
export { handleCommand } from './handling/handle-command';
export { changeSubscription } from './users/change-subscription';
export { approveCallsignClaim, rejectCallsignClaim } from './users/decide-callsign-claim';
export { startDailyAwardsJob, AWARDS_QUEUE, type DailyAwardsJob } from './awards/daily-awards-job';
export { computeDailyAwards, dueDailyAwards, type DailyAwardsDeps } from './awards/compute-daily-awards';
