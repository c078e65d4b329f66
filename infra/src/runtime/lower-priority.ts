import { getPriority, setPriority } from 'node:os';

/**
 * Runs the process `pid` `by` steps nicer than this one (at most 19, the least priority), so that
 * when the cores are short this process goes first. Answers false when the system refuses.
 */
export function lowerPriority(pid: number | undefined, by: number): boolean {
  if (pid === undefined || by <= 0) return false;
  try {
    setPriority(pid, Math.min(19, getPriority() + by));
    return true;
  } catch {
    return false;
  }
}
