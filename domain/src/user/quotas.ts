/** How many of something one person may make (decision 0023); each is enforced where the thing is made. */

const HOUR_MS = 60 * 60_000;

/** New accounts from one client address: a family or a club shares one, a script does not stop at 20. */
export const REGISTRATIONS_PER_ADDRESS: readonly { max: number; windowMs: number }[] = [
  { max: 5, windowMs: HOUR_MS },
  { max: 20, windowMs: 24 * HOUR_MS },
];

/** Sub-accounts of one main account: portable, mobile, contest and club calls fit well within it. */
export const MAX_SUB_ACCOUNTS = 10;

/** Read-only API keys of one account (decision 0036): one per logging-viewer app or website is plenty. */
export const MAX_READ_ONLY_API_KEYS = 10;
