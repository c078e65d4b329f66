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

/**
 * SharedAnswers by key (a page, a station), each computed at most once per `ttlMs`. At most
 * `maxKeys` are kept: beyond, the one made first goes.
 */
export class SharedAnswers<T> {
  private readonly answers = new Map<string, SharedAnswer<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
    private readonly clock?: () => number,
  ) {}

  /** The answer under `key`, made by `compute` when there is none within the time to live (a key's first `compute` is the one kept). */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new SharedAnswer(compute, this.ttlMs, this.clock);
      this.answers.set(key, answer);
      if (this.answers.size > this.maxKeys) this.answers.delete(this.answers.keys().next().value as string);
    }
    return answer.get();
  }

  /** Forgets every answer (what they were made from has changed). */
  clear(): void {
    this.answers.clear();
  }
}
