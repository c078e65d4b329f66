import { describe, expect, it } from 'vitest';

describe('loading the domain', () => {
  it('imports quickly and builds the callsign database on first use', async () => {
    const started = performance.now();
    const domain = await import('../src/index');
    const imported = performance.now();
    expect(domain.resolveCallsign('W1AW')?.dxcc).toBe(291);
    const firstLookup = performance.now();
    console.log(`domain import ${(imported - started).toFixed(0)} ms; first callsign lookup ${(firstLookup - imported).toFixed(0)} ms`);
    // Generous bounds: the test runner shares the CPU with other test files.
    expect(firstLookup - imported).toBeLessThan(500);
  });
});
