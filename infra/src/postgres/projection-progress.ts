import type pg from 'pg';

/** Channel on which projectors announce `name:position` after each committed batch. */
export const PROGRESS_CHANNEL = 'hamlog_projection_progress';

/**
 * Read-your-writes on the query side: knows how far each projection has got (from NOTIFY, with a
 * checkpoint-table poll as fallback) and lets a read wait, bounded, until a position is reached.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private listener: pg.PoolClient | null = null;
  private poller: NodeJS.Timeout | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async start(pollMs = 1_000): Promise<void> {
    this.listener = await this.pool.connect();
    this.listener.on('notification', (message) => {
      if (message.channel !== PROGRESS_CHANNEL || !message.payload) return;
      const at = message.payload.lastIndexOf(':');
      this.report(message.payload.slice(0, at), Number(message.payload.slice(at + 1)));
    });
    await this.listener.query(`LISTEN ${PROGRESS_CHANNEL}`);
    await this.poll();
    this.poller = setInterval(() => void this.poll().catch(() => {}), pollMs);
    this.poller.unref();
  }

  /** In-process projectors report directly, without a database round trip. */
  report(name: string, position: number): void {
    if (position < (this.positions.get(name) ?? 0) && position !== 0) return;
    this.positions.set(name, position);
    for (const wake of this.waiters) wake();
  }

  position(name: string): number {
    return this.positions.get(name) ?? 0;
  }

  /** Resolves true once every named projection has reached `position`, false after `timeoutMs`. */
  async waitFor(names: string[], position: number, timeoutMs = 3_000): Promise<boolean> {
    const reached = () => names.every((name) => this.position(name) >= position);
    if (reached()) return true;
    return new Promise<boolean>((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const check = () => {
        if (reached()) done(true);
      };
      const timer = setTimeout(() => done(reached()), timeoutMs);
      this.waiters.add(check);
    });
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.listener?.release();
    this.listener = null;
  }

  private async poll(): Promise<void> {
    const exists = await this.pool.query<{ t: string | null }>("SELECT to_regclass('projection_checkpoints') AS t");
    if (!exists.rows[0]?.t) return;
    const { rows } = await this.pool.query<{ name: string; position: number }>('SELECT name, position FROM projection_checkpoints');
    for (const row of rows) this.report(row.name, row.position);
  }
}
