/**
 * The `fields` objects of the ADIF records, built so that V8 keeps them small and fast.
 *
 * An object literal ({}) given more than 16 properties by `obj[name] = value` becomes a hash
 * table (dictionary mode): about 5 times the memory, and the garbage collector copies it all
 * (a 100 MB file gave ~330 MB of records; half the reading time went to collecting them). The
 * instances of a plain function get as many in-object property slots as the function's body has
 * `this.x =` assignments, plus 8 (V8's estimate, run or not); they stay fast up to that many
 * fields plus 12 more. So a record is built once its fields are all read, by the smallest of the
 * functions below that holds them, with the fields in the order of the file. The prototype is
 * Object.prototype: the objects are plain objects to any code (JSON, toEqual, spread...).
 *
 * Only speed depends on this: another engine, or another V8 heuristic, gives the same objects.
 */
type Slots = Record<string, unknown>;

// The assignments never run (`never` is always undefined); V8 counts them when it parses the body.
// Without any, a function gets 10 slots.
function Fields10(): void {}

function Fields16(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields24(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields32(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields48(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields64(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields96(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

function Fields128(this: Slots, never?: unknown): void {
  if (never !== undefined) {
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
    this.f = this.f = this.f = this.f = this.f = this.f = this.f = this.f = never;
  }
}

type FieldsObject = Record<string, string>;
type FieldsConstructor = new () => FieldsObject;

/** Constructors with the number of fields each holds in its object. */
const SIZES: ReadonlyArray<readonly [FieldsConstructor, number]> = [
  [Fields10 as unknown as FieldsConstructor, 10],
  [Fields16 as unknown as FieldsConstructor, 16],
  [Fields24 as unknown as FieldsConstructor, 24],
  [Fields32 as unknown as FieldsConstructor, 32],
  [Fields48 as unknown as FieldsConstructor, 48],
  [Fields64 as unknown as FieldsConstructor, 64],
  [Fields96 as unknown as FieldsConstructor, 96],
  [Fields128 as unknown as FieldsConstructor, 128],
];

/** For n fields (n <= MAX_SIZED), the constructor of BY_COUNT[n]. */
const MAX_SIZED = 128;
const BY_COUNT: FieldsConstructor[] = [];

for (const [ctor, size] of SIZES) {
  (ctor as unknown as { prototype: object }).prototype = Object.prototype;
  // V8 shrinks the objects of a function to what its first 7 instances used ("slack tracking"):
  // one instance filled to the brim keeps the room for the records to come.
  for (let i = 0; i < 8; i++) {
    const sample = new ctor();
    if (i === 0) for (let k = 0; k < size + 8; k++) sample[` ${k}`] = '';
  }
  while (BY_COUNT.length <= size) BY_COUNT.push(ctor);
}

/** A plain object with names[k] = values[k] for k < count, in that order. */
export function fieldsObject(names: readonly string[], values: readonly string[], count: number): FieldsObject {
  const fields: FieldsObject = count <= MAX_SIZED ? new BY_COUNT[count]!() : {};
  for (let k = 0; k < count; k++) fields[names[k]!] = values[k]!;
  return fields;
}
