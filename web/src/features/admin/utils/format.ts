import { REVENUE_PER_PAYING_ACCOUNT_GBP } from '@hamlog/domain/admin/admin-stats';

export const formatNumber = (n: number): string => n.toLocaleString('en-GB');

export const formatGbp = (amount: number): string => amount.toLocaleString('en-GB', { style: 'currency', currency: 'GBP' });

/** '2026-11-23 18:04' from an ISO 8601 UTC time. */
export const utcDateTime = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

export const REVENUE_NOTE = `Revenue is an estimate: ${formatGbp(REVENUE_PER_PAYING_ACCOUNT_GBP)} a month per paying account (subscribed, paid, not a sub-account); annual is monthly × 12.`;
