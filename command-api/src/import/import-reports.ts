import type { QsoImportReport } from './import-qso-records';

/** The reports of imports this process runs, for whoever waits for one (an upload that answers with it). */
export class ImportReports {
  private readonly waiting = new Map<string, Set<(report: QsoImportReport | null) => void>>();

  /** The import's report once it is over here (null: it failed or stopped), or null after `timeoutMs`. */
  wait(importId: string, timeoutMs: number): Promise<QsoImportReport | null> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(importId) ?? new Set();
      this.waiting.set(importId, waiters);
      const done = (report: QsoImportReport | null) => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(importId) === waiters) this.waiting.delete(importId);
        resolve(report);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      waiters.add(done);
    });
  }

  settle(importId: string, report: QsoImportReport | null): void {
    for (const done of [...(this.waiting.get(importId) ?? [])]) done(report);
  }
}
