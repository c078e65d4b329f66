import { asciiText } from './reader-bytes';

/** Values up to this many bytes are shared. */
export const SHARED_MAX_LENGTH = 32;
const FIRST_SLOTS = 1024;
/** At most this many slots (half of them used): then the table starts again empty. */
const MAX_SLOTS = 1 << 17;

/**
 * The short ASCII values read before, by their bytes: the same string object for the same value
 * (Y, N, 20m, CW, 599, dates, country names...). Logs repeat most of their values; a string made
 * for each would cost its making and, as the records are kept, the garbage collector's copying
 * (the largest cost of reading once the records themselves are small). Open addressing by hash
 * of the bytes, growing from a small table (a reader of one record allocates little); once full
 * it starts again empty, so memory stays bounded whatever the input.
 */
export class SharedValues {
  private mask = FIRST_SLOTS - 1;
  private count = 0;
  private values: string[] = new Array<string>(FIRST_SLOTS).fill('');
  /**
   * Two numbers per slot, side by side (one memory read): the hash of the value, and its length
   * plus 64 times where its bytes are in `pool`; 0 for a free slot (empty values are not shared).
   */
  private meta = new Int32Array(2 * FIRST_SLOTS);
  private pool = new Uint8Array(16 * 1024);
  private poolUsed = 0;

  /**
   * The text of the ASCII bytes buf[a, b), 0 < b - a <= SHARED_MAX_LENGTH; `hash` mixes its bytes
   * (any function of them).
   */
  text(buf: Uint8Array, a: number, b: number, hash: number): string {
    const length = b - a;
    let h = hash ^ (hash >>> 15);
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    const mask = this.mask;
    const meta = this.meta;
    let slot = h & mask;
    for (let place = meta[2 * slot + 1]!; place !== 0; place = meta[2 * slot + 1]!) {
      if (meta[2 * slot] === h && (place & 63) === length) {
        const pool = this.pool;
        const at = (place >>> 6) - a;
        let k = a;
        while (k < b && buf[k] === pool[at + k]) k++;
        if (k === b) return this.values[slot]!;
      }
      slot = (slot + 1) & mask;
    }
    return this.add(buf, a, b, h, slot);
  }

  /** Makes the text of buf[a, b) and keeps it in the free slot `slot` (hash h). */
  private add(buf: Uint8Array, a: number, b: number, h: number, slot: number): string {
    const value = asciiText(buf, a, b);
    const length = b - a;
    if (this.count >= (this.mask + 1) >>> 1) {
      this.grow();
      return value;
    }
    if (this.poolUsed + length > this.pool.length) {
      const bigger = new Uint8Array(2 * this.pool.length);
      bigger.set(this.pool);
      this.pool = bigger;
    }
    const at = this.poolUsed;
    for (let k = 0; k < length; k++) this.pool[at + k] = buf[a + k]!;
    this.poolUsed += length;
    this.count++;
    this.values[slot] = value;
    this.meta[2 * slot] = h;
    this.meta[2 * slot + 1] = (at << 6) | length;
    return value;
  }

  /** Doubles the table, or empties it at its largest. */
  private grow(): void {
    const size = this.mask + 1;
    if (size >= MAX_SLOTS) {
      this.values.fill('');
      this.meta.fill(0);
      this.count = 0;
      this.poolUsed = 0;
      return;
    }
    const { values, meta } = this;
    const mask = 2 * size - 1;
    this.mask = mask;
    this.values = new Array<string>(2 * size).fill('');
    this.meta = new Int32Array(4 * size);
    for (let old = 0; old < size; old++) {
      if (meta[2 * old + 1] === 0) continue;
      let slot = meta[2 * old]! & mask;
      while (this.meta[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      this.values[slot] = values[old]!;
      this.meta[2 * slot] = meta[2 * old]!;
      this.meta[2 * slot + 1] = meta[2 * old + 1]!;
    }
  }
}
