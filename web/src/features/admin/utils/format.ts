import { REVENUE_PER_PAYING_ACCOUNT_GBP } from '@hamlog/domain/admin/admin-stats';

export const formatNumber = (n: number): string => n.toLocaleString('en-GB');

export const formatGbp = (amount: number): string => amount.toLocaleString('en-GB', { style: 'currency', currency: 'GBP' });

export const REVENUE_NOTE = `Revenue is an estimate: ${formatGbp(REVENUE_PER_PAYING_ACCOUNT_GBP)} a month per paying account (subscribed, paid, not a sub-account); annual is monthly × 12.`;
