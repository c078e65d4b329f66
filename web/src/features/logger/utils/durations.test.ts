import { describe, expect, it } from 'vitest';
import { addDuration, averageDuration, DURATIONS_KEPT, formatDuration, parseDurations, qsoDurationSeconds } from './durations';

describe('QSO durations', () => {
  it('counts seconds from the search to Log', () => {
    expect(qsoDurationSeconds(1_000, 43_400)).toBe(42);
    expect(qsoDurationSeconds(null, 43_400)).toBe(0);
    expect(qsoDurationSeconds(5_000, 1_000)).toBe(0);
  });

  it('keeps the rounded average of the stored durations', () => {
    expect(averageDuration([])).toBe(0);
    expect(averageDuration([10, 11])).toBe(11);
    expect(averageDuration([10, 20, 31])).toBe(20);
  });

  it('reads only sane stored values and keeps the list bounded', () => {
    expect(parseDurations('[12, "x", -3, 4.6, null]')).toEqual([12, 5]);
    expect(parseDurations('{"a":1}')).toEqual([]);
    expect(parseDurations('not json')).toEqual([]);
    expect(parseDurations(null)).toEqual([]);
    let list: number[] = [];
    for (let i = 0; i < DURATIONS_KEPT + 5; i += 1) list = addDuration(list, i);
    expect(list).toHaveLength(DURATIONS_KEPT);
    expect(list.at(-1)).toBe(DURATIONS_KEPT + 4);
  });

  it('formats for people', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
  });
});
