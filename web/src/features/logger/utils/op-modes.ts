/** Operating mode codes (spec section 4). */

export interface OpMode {
  code: number;
  label: string;
}

export const OP_MODES: readonly OpMode[] = [
  { code: 0, label: 'QRT' },
  { code: 1, label: 'Search and Pounce' },
  { code: 2, label: 'Run (CQ)' },
  { code: 3, label: 'SWL' },
  // The specification has two codes for Search and Pounce; the second is told apart by its code.
  { code: 4, label: 'Search and Pounce (4)' },
  { code: 5, label: 'NET control' },
  { code: 6, label: 'In a NET' },
  { code: 7, label: 'Contesting' },
  { code: 8, label: 'CQ DX' },
];

export const DEFAULT_OP_MODE = 1;
export const RUN_OP_MODE = 2;

export function isOpMode(value: unknown): value is number {
  return typeof value === 'number' && OP_MODES.some((m) => m.code === value);
}

/** A code from text (a select's value, a stored preference), or null. */
export function parseOpMode(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d$/.test(value.trim())) return null;
  const code = Number(value.trim());
  return isOpMode(code) ? code : null;
}

/** IsRunQSO sent with a QSO: 1 for Run (CQ), else 0. */
export function isRunQso(opMode: number): 0 | 1 {
  return opMode === RUN_OP_MODE ? 1 : 0;
}
