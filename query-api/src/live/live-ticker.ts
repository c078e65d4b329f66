// Only the modules it needs (not the domain's index and its DXCC tables): the live gateway's own process stays small.
import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { cardPatch, inLiveSnapshot, type LiveCardPatch, type PublicRigBatchMessage, type PublicRigSnapshotMessage } from '@hamlog/domain/live/live-frames';

/** A station off the air this long is forgotten (its next report comes as a whole card). */
const FORGET_OFF_AIR_MS = 60 * 60_000;

/**
 * The live state as watchers have been told it, and what changed since: cards come in as they
 * change (offer), and each tick turns the latest card of every changed station into one batch of
 * patches, built once for every watcher. A snapshot (the stations on the air) is built at most
 * once per tick, when a new or lagging watcher needs it.
 */
export class LiveTicker {
  /** The last card sent of every station watchers know. */
  private readonly known = new Map<string, FeedUserCard>();
  /** Offered since the last tick, the latest card per station. */
  private pending = new Map<string, FeedUserCard>();
  private seq = 0;
  private snapshotText: { seq: number; text: string } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The state to start from (the stations on the air when the gateway starts), sent to nobody. */
  seed(cards: readonly FeedUserCard[]): void {
    for (const card of cards) this.known.set(card.id, card);
    this.snapshotText = null;
  }

  offer(cards: readonly FeedUserCard[]): void {
    for (const card of cards) this.pending.set(card.id, card);
  }

  /** The batch of this tick as JSON, or null when nothing watchers see changed. */
  tick(): string | null {
    if (this.pending.size === 0) return null;
    const users: LiveCardPatch[] = [];
    for (const card of this.pending.values()) {
      const patch = cardPatch(this.known.get(card.id), card);
      this.known.set(card.id, card);
      if (patch) users.push(patch);
    }
    this.pending = new Map();
    if (users.length === 0) return null;
    this.seq += 1;
    const message: PublicRigBatchMessage = { environment: 'prod', type: 'public-rig-batch', seq: this.seq, users };
    return JSON.stringify(message);
  }

  /** Every station on the air, as of the last tick, as JSON. */
  snapshot(): string {
    if (this.snapshotText?.seq === this.seq) return this.snapshotText.text;
    const forgetBefore = this.now() - FORGET_OFF_AIR_MS;
    const users: FeedUserCard[] = [];
    for (const [id, card] of this.known) {
      if (inLiveSnapshot(card)) users.push(card);
      else if (card.rig_reported_at === null || Date.parse(card.rig_reported_at) < forgetBefore) this.known.delete(id);
    }
    const message: PublicRigSnapshotMessage = { environment: 'prod', type: 'public-rig-snapshot', seq: this.seq, users };
    this.snapshotText = { seq: this.seq, text: JSON.stringify(message) };
    return this.snapshotText.text;
  }

  /** Stations known (for metrics). */
  size(): number {
    return this.known.size;
  }
}
