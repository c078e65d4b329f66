/**
 * One computation shared by every caller: an answer computed at most once per `ttlMs`, and
 * callers arriving while it is computed wait for that same computation (single flight). A failed
 * computation is not kept: the next caller tries again.
 */
export class SharedAnswer<T> {
  private current: { startedAt: number; answer: Promise<T> } | null = null;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(): Promise<T> {
    const now = this.clock();
    if (this.current && now - this.current.startedAt < this.ttlMs) return this.current.answer;
    const entry = { startedAt: now, answer: this.compute() };
    this.current = entry;
    entry.answer.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return entry.answer;
  }
}
