import { describe, expect, it } from 'vitest';
import type { QsoHistoryEntry } from '../../../types/api';
import { changeText, entryTime, newestFirst } from './history-text';

const entry = (position: number, label: string): QsoHistoryEntry => ({ position, at: '2025-06-01T19:05:42.120Z', event: 'QsoUpdated', label, changes: [] });

describe('QSO history text', () => {
  it('tells a change as field, old value, arrow, new value', () => {
    expect(changeText({ field: 'Freq', from: '14.074000', to: '14.076000' })).toBe('Freq 14.074000 → 14.076000');
    expect(changeText({ field: 'Comment', from: '', to: 'tnx' })).toBe('Comment — → tnx');
  });

  it('lists the newest event first', () => {
    expect(newestFirst([entry(3, 'Logged'), entry(9, 'Deleted'), entry(5, 'Updated')]).map((e) => e.label)).toEqual(['Deleted', 'Updated', 'Logged']);
  });

  it('shows the time in UTC to the minute', () => {
    expect(entryTime(entry(1, 'Logged'))).toBe('2025-06-01 19:05 UTC');
  });
});
