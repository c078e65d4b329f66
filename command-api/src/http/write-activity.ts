const WINDOW_MS = 1_000;

/**
 * How many clients' writes (a logged QSO, a rig report, any command) this process received in
 * about the last second: background work that competes with them for the same cores and event
 * store (an ADIF import) yields in proportion (decision 0034). Per process: each command-api
 * instance paces its own imports by its own traffic.
 */
export class WriteActivity {
  private windowStart = 0;
  private current = 0;
  private previous = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  noteWrite(): void {
    this.roll();
    this.current += 1;
  }

  /** Writes in the last second, estimated from this window and the one before it. */
  writesPerSecond(): number {
    this.roll();
    const into = (this.clock() - this.windowStart) / WINDOW_MS;
    return this.current + this.previous * (1 - into);
  }

  private roll(): void {
    const now = this.clock();
    const windows = Math.floor((now - this.windowStart) / WINDOW_MS);
    if (windows <= 0) return;
    this.previous = windows === 1 ? this.current : 0;
    this.current = 0;
    this.windowStart += windows * WINDOW_MS;
  }
}
