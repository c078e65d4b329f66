/** The calls gathered for one statement; every caller shares its outcome. */
interface Batch<Item, Result> {
  items: Item[];
  done: Promise<Result>;
}

/**
 * One statement in flight at a time: calls made meanwhile fill the next batch, sent as one
 * statement once the one in flight is done. When idle, a call goes out on the next microtask (with
 * whatever joined it in the same tick), so batching costs nothing at low load and saves round
 * trips under load. A batch is closed before its statement is sent: a call always reaches the
 * database after it was made.
 */
export class StatementBatcher<Item, Result> {
  private filling: Batch<Item, Result> | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(private readonly send: (items: Item[]) => Promise<Result>) {}

  add(item: Item): Promise<Result> {
    const batch = this.filling ?? this.nextBatch();
    batch.items.push(item);
    return batch.done;
  }

  /** Resolves once nothing is in flight (whatever the outcome). */
  async drain(): Promise<void> {
    await this.inFlight.catch(() => {});
  }

  private nextBatch(): Batch<Item, Result> {
    const items: Item[] = [];
    const done = this.inFlight
      .catch(() => {}) // a failed statement fails its own callers, not the next batch
      .then(() => {
        if (this.filling === batch) this.filling = null;
        return this.send(items);
      });
    const batch: Batch<Item, Result> = { items, done };
    this.filling = batch;
    this.inFlight = done;
    return batch;
  }
}
