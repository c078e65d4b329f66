import { describe, expect, it } from 'vitest';
import { isRunQso, OP_MODES, parseOpMode } from './op-modes';

describe('operating modes', () => {
  it('has codes 0 to 8 with the specification names', () => {
    expect(OP_MODES.map((m) => m.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(OP_MODES.find((m) => m.code === 2)?.label).toBe('Run (CQ)');
    expect(OP_MODES.find((m) => m.code === 8)?.label).toBe('CQ DX');
  });

  it('saves IsRunQSO 1 only for Run (CQ)', () => {
    expect(OP_MODES.map((m) => isRunQso(m.code))).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('reads a code from text', () => {
    expect(parseOpMode('2')).toBe(2);
    expect(parseOpMode(' 7 ')).toBe(7);
    expect(parseOpMode('9')).toBeNull();
    expect(parseOpMode('x')).toBeNull();
    expect(parseOpMode(null)).toBeNull();
  });
});
