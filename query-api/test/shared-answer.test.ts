import { describe, expect, it } from 'vitest';
import { SharedAnswer, SharedAnswers } from '../src/http/shared-answer';

describe('SharedAnswer: one computation for every caller for a while', () => {
  it('computes once for callers that arrive together and within the time to live, again after it', async () => {
    let clock = 0;
    let computed = 0;
    let release: () => void = () => {};
    const shared = new SharedAnswer(
      () => new Promise<number>((resolve) => {
        computed += 1;
        const n = computed;
        release = () => resolve(n);
      }),
      2_000,
      () => clock,
    );
    const first = shared.get();
    const second = shared.get(); // while the first computation runs
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    clock = 1_999;
    expect(await shared.get()).toBe(1);
    clock = 2_000;
    const third = shared.get();
    release();
    expect(await third).toBe(2);
    expect(computed).toBe(2);
  });

  it('keeps no failure: the next caller computes again', async () => {
    let calls = 0;
    const shared = new SharedAnswer(async () => {
      calls += 1;
      if (calls === 1) throw new Error('store away');
      return 'boards';
    }, 60_000, () => 0);
    await expect(shared.get()).rejects.toThrow('store away');
    expect(await shared.get()).toBe('boards');
    expect(await shared.get()).toBe('boards');
    expect(calls).toBe(2);
  });
});

describe('SharedAnswers: one SharedAnswer per key, the oldest key dropped beyond the limit', () => {
  it('computes once per key within the time to live, forgets the first key made past maxKeys, and everything on clear', async () => {
    let clock = 0;
    const computed: string[] = [];
    const answers = new SharedAnswers<string>(1_000, 2, () => clock);
    const get = (key: string) => answers.get(key, async () => (computed.push(key), `${key}${computed.length}`));
    expect(await get('a')).toBe('a1');
    expect(await get('b')).toBe('b2');
    expect(await get('a')).toBe('a1');
    expect(await get('c')).toBe('c3'); // a was made first: dropped
    expect(await get('b')).toBe('b2');
    expect(await get('a')).toBe('a4');
    clock = 1_000;
    expect(await get('a')).toBe('a5');
    answers.clear();
    expect(await get('a')).toBe('a6');
    expect(computed).toEqual(['a', 'b', 'c', 'a', 'a', 'a']);
  });
});
