import type { WritePositions } from '../ports/write-positions';

/**
 * For the one-process default, where the command and query sides share this memory: no round
 * trip on the write path. Positions older than the read models' progress are of no use and the
 * map is trimmed to the most recent writers when it grows large.
 */
export class InProcessWritePositions implements WritePositions {
  private readonly positions = new Map<string, number>();

  constructor(private readonly maxUsers = 100_000) {}

  async remember(userId: string, position: number): Promise<void> {
    const known = this.positions.get(userId) ?? 0;
    if (position <= known) return;
    this.positions.delete(userId); // re-inserted last: the map's order is the order of writes
    this.positions.set(userId, position);
    if (this.positions.size > this.maxUsers) {
      const oldest = this.positions.keys().next().value;
      if (oldest !== undefined) this.positions.delete(oldest);
    }
  }

  async latest(userId: string): Promise<number> {
    return this.positions.get(userId) ?? 0;
  }

  async close(): Promise<void> {}
}
