import { NAME_CLASS, NAME_FOLD, asciiText } from './reader-bytes';

/** How many distinct field names get an id (more are still read, their text made each time). */
export const MAX_NAME_IDS = 4096;
/** Slots of the table (open addressing, at most half full). */
const SLOTS = 2 * MAX_NAME_IDS;

/** The case-blind hash of a name's bytes (for the bytes of names, c | 0x20 folds case and keeps them apart). */
export function nameHashStep(hash: number, c: number): number {
  return (Math.imul(hash, 31) + (c | 0x20)) | 0;
}

/**
 * The field names met in an input, each with a small id, found from their bytes without making
 * text: a table by case-blind hash, and, before it, a guess (files repeat their fields in the
 * same order: the name that followed the previous tag's last time).
 */
export class FieldNames {
  /** UPPER-CASE names by id. */
  readonly names: string[] = [];
  /** The id of the last name looked up (-1: none, or one without id). */
  lastId = -1;
  /** The text of the last name looked up. */
  lastName = '';
  private readonly slots = new Int32Array(SLOTS);
  private readonly hashes = new Int32Array(MAX_NAME_IDS);
  /** The bytes of name id, as last met (a file keeps its case), are pool[at[id], at[id + 1]). */
  private readonly at = new Int32Array(MAX_NAME_IDS + 1);
  private pool = new Uint8Array(4096);
  /** For each id + 1 (0: no id), the id of the name that followed it last, or -1. */
  private readonly follows = new Int32Array(MAX_NAME_IDS + 1).fill(-1);

  /** Adds a name known in advance (UPPER-CASE, as the file's bytes would give it); returns its id. */
  add(name: string): number {
    let hash = 0;
    for (let k = 0; k < name.length; k++) hash = nameHashStep(hash, name.charCodeAt(k));
    let slot = hash & (SLOTS - 1);
    while (this.slots[slot] !== 0) slot = (slot + 1) & (SLOTS - 1);
    return this.insert(name, hash, slot);
  }

  /**
   * Where the guessed name ends when buf[a...] begins with it (followed by a byte that ends a
   * name, before n), else -1. The guess is the name that followed the last one looked up.
   */
  guess(buf: Uint8Array, a: number, n: number): number {
    const id = this.follows[this.lastId + 1]!;
    if (id < 0) return -1;
    const at = this.at[id]! - a;
    const end = a + this.at[id + 1]! - this.at[id]!;
    if (end >= n || NAME_CLASS[buf[end]!] !== 0) return -1;
    const pool = this.pool;
    let i = a;
    while (i < end && buf[i] === pool[at + i]) i++;
    return i === end ? end : -1;
  }

  /** Takes the guess guess() has just confirmed as the name looked up. */
  takeGuess(): void {
    this.lastId = this.follows[this.lastId + 1]!;
    this.lastName = this.names[this.lastId]!;
  }

  /** Looks up the name buf[a, b) (bytes of names; `hash` from nameHashStep over them): sets lastId and lastName. */
  find(buf: Uint8Array, a: number, b: number, hash: number): void {
    const length = b - a;
    const pool = this.pool;
    let slot = hash & (SLOTS - 1);
    let id = -1;
    for (let entry = this.slots[slot]!; entry !== 0; entry = this.slots[slot]!) {
      const known = entry - 1;
      const at = this.at[known]! - a;
      if (this.hashes[known] === hash && this.at[known + 1]! - this.at[known]! === length) {
        let k = a;
        while (k < b && NAME_FOLD[buf[k]!] === NAME_FOLD[pool[at + k]!]) k++;
        if (k === b) {
          // Spelt as here from now on (for guess()).
          for (k = a; k < b; k++) pool[at + k] = buf[k]!;
          id = known;
          break;
        }
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    let name: string;
    if (id >= 0) {
      name = this.names[id]!;
    } else {
      name = asciiText(buf, a, b).toUpperCase();
      if (this.names.length < MAX_NAME_IDS) id = this.insert(name, hash, slot);
    }
    if (id >= 0) this.follows[this.lastId + 1] = id;
    this.lastId = id;
    this.lastName = name;
  }

  private insert(name: string, hash: number, slot: number): number {
    const id = this.names.length;
    this.names.push(name);
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    const at = this.at[id]!;
    if (at + name.length > this.pool.length) {
      const pool = new Uint8Array(2 * (at + name.length));
      pool.set(this.pool);
      this.pool = pool;
    }
    for (let k = 0; k < name.length; k++) this.pool[at + k] = name.charCodeAt(k);
    this.at[id + 1] = at + name.length;
    return id;
  }
}
