export { commandRouter } from './app';
// command-api as a part of a server: its main.ts and the one-process default serve it.
export { openCommandApi, type CommandApi, type CommandApiOptions } from './service';
// What command-api serves, from its routers: the front door's routing (gateway/src/nginx).
export { commandRoutes, isCommandPath } from './command-routes';
// The Cloudlog/Wavelog API's writes, mounted before the JSON parser (decision 0036).
export { cloudlogCommandRouter } from './cloudlog/cloudlog-router';
export { stripeWebhookRouter } from './payments/stripe-webhook-router';
export type { CommandDeps } from './deps';
// For tests and tools that drive commands directly.
export { handleCommand } from './handling/handle-command';
export { changeSubscription } from './users/change-subscription';
export { changeAdminRole } from './users/change-admin-role';
export { approveCallsignClaim, rejectCallsignClaim } from './users/decide-callsign-claim';
export { startDailyAwardsJob, AWARDS_QUEUE, type DailyAwardsJob } from './awards/daily-awards-job';
export { startAdifExportJobs, ADIF_EXPORT_QUEUE, type AdifExportJobs, type AdifExportSweep } from './adif-export/adif-export-jobs';
export { computeDailyAwards, dueDailyAwards, FactsBehindError, type DailyAwardsDeps } from './awards/compute-daily-awards';
export { startAdifImportJobs, ADIF_IMPORT_QUEUE, type AdifImportJobs } from './import/adif-import-jobs';
export { WriteActivity } from './http/write-activity';
export { importQsoRecords, IMPORT_CHUNK_RECORDS, type ImportQsoRecordsInput, type QsoImportReport, type QsoRecordBatch, type FailedRecord } from './import/import-qso-records';
