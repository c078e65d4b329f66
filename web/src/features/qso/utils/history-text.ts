import type { QsoFieldChange, QsoHistoryEntry } from '@/types/api';
import { formatUtcMinute } from '@/utils/time';

/** 'Freq 14.074000 → 14.076000'; an empty value shows as '—'. */
export function changeText(change: QsoFieldChange): string {
  return `${change.field} ${change.from || '—'} → ${change.to || '—'}`;
}

/** Newest first, as a person reads a history. */
export function newestFirst(entries: readonly QsoHistoryEntry[]): QsoHistoryEntry[] {
  return [...entries].sort((a, b) => b.position - a.position);
}

/** 'YYYY-MM-DD HH:MM UTC'. */
export function entryTime(entry: QsoHistoryEntry): string {
  return `${formatUtcMinute(entry.at)} UTC`;
}
