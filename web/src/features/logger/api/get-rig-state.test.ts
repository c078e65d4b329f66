import { describe, expect, it } from 'vitest';
import { RIG_POLL_MS, rigStateQueryOptions } from './get-rig-state';

describe('the CAT link poll', () => {
  it('polls the rig every 2 s while enabled, and not at all otherwise', () => {
    expect(RIG_POLL_MS).toBe(2_000);
    expect(rigStateQueryOptions(true)).toMatchObject({ enabled: true, refetchInterval: 2_000, staleTime: 0, retry: false });
    expect(rigStateQueryOptions(false)).toMatchObject({ enabled: false, refetchInterval: false });
  });
});
