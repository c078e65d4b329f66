/**
 * ADIF 3.1.6 (ADI) reader: whole input (readAdif) or chunk by chunk (AdifStreamReader), with the
 * same result for any chunking. Rules beyond the specification (decision 0033):
 * - A header is what precedes the first <EOH> when the input begins with text, or when an <EOH>
 *   comes before the first <EOR>. Header fields are read leniently (stray '<' is text).
 * - A length may count UTF-8 bytes, code points, UTF-16 units, or code points with each bare LF as
 *   two (CRLF files whose line ends became LF). Per field, the reading whose value ends where a
 *   tag begins wins; between such readings, the one followed by the same white space as the
 *   fields before it (the file's separator), else the shortest. ASCII values without '<' and not
 *   ending in white space have one reading and take the fast path.
 * - A value is UTF-8 when its bytes are valid UTF-8, else ISO-8859-1 (as browsers read it:
 *   windows-1252), decided per value (files glued from several programs mix them).
 * - A malformed record is a problem with its line, skipped up to its <EOR>; the rest reads on.
 *   Malformed: no CALL, a garbage tag ('<' + letter that is no tag), a tag without length inside
 *   a record, a length running past the end of the input, past an <EOR>, or into the next field,
 *   a value over 16 MiB, the same field twice with different values, a last record without <EOR>.
 *   Text between fields (comments after values, as LoTW and Log4OM write) is ignored, and so are
 *   bare tags between records (LoTW's <APP_LoTW_EOF>) and a later header (files put together).
 * - Lines are counted by '\n' (CRLF and LF files alike), 1-based; a record's line is its first tag's.
 */
import * as m from '../messages';

export interface AdifRecord {
  /** UPPER-CASE names to decoded text, as read (empty values included). */
  fields: Record<string, string>;
  /** 1-based line of the record's first tag. */
  line: number;
}

export interface AdifProblem {
  line: number;
  message: string;
}

export interface AdifUserDef {
  name: string;
  /** The data type indicator of the USERDEF tag ('' when absent). */
  type: string;
  enumeration?: string[];
  range?: [number, number];
}

export interface AdifHeader {
  /** The free text before the header's first tag, as read. */
  text: string;
  /** Header fields (ADIF_VER, PROGRAMID, USERDEFn, ...), UPPER-CASE names. */
  fields: Record<string, string>;
  userDefs: AdifUserDef[];
}

export interface AdifReadResult {
  header: AdifHeader | null;
  records: AdifRecord[];
  problems: AdifProblem[];
}

/** Longer values are refused: a stream reader holds at most this much of one record in memory. */
export const ADIF_MAX_VALUE_LENGTH = 16 * 1024 * 1024;
const MAX_VALUE_LENGTH = ADIF_MAX_VALUE_LENGTH;
/** How many distinct field names get an id (more are still read, found by a slower lookup). */
const MAX_NAMES = 4096;
/** Values up to this long are shared (see AdifCore.shared), in a table of SHARED_SLOTS. */
const SHARED_MAX_LENGTH = 12;
const SHARED_SLOTS = 8192;
const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;

// What readTag found.
const TEXT = 0; // a '<' that is not a tag: text between fields
const FIELD = 1; // <NAME:LEN[:TYPE]>
const BARE = 2; // <NAME> (EOR, EOH)
const GARBAGE = 3; // looks like a tag but is not one
const MORE = 4; // the buffer ends inside the tag: wait for more input

// What readValue found.
const OK = 0;
const BAD = 1;
const WAIT = 2;

// Why a candidate end of a value does not fit.
const PAST_EOR = 1;
const PAST_END = 2;
const INTO_NEXT_FIELD = 3;

const GARBAGE_PROBLEM = '\u0000garbage';

const utf8Loose = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const latin1 = new TextDecoder('windows-1252');

/** 1: may start a field name (letters, '_'); 2: may follow (also digits, '-'). */
const NAME_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  NAME_CLASS[c] = start ? 1 : (c >= 48 && c <= 57) || c === 45 ? 2 : 0;
}

function isNameStart(c: number): boolean {
  return c < 128 && NAME_CLASS[c] === 1;
}

function isNameChar(c: number): boolean {
  return c < 128 && NAME_CLASS[c] !== 0;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

/** Sorted positions of the bytes >= 0x80. */
function highBytes(buf: Uint8Array): number[] {
  const highs: number[] = [];
  const n = buf.length;
  let i = 0;
  if ((buf.byteOffset & 3) === 0 && n >= 64) {
    const words = new Uint32Array(buf.buffer, buf.byteOffset, n >>> 2);
    for (let w = 0; w < words.length; w++) {
      if ((words[w]! & 0x80808080) !== 0) {
        const base = w << 2;
        for (let k = base; k < base + 4; k++) if (buf[k]! >= 0x80) highs.push(k);
      }
    }
    i = words.length << 2;
  }
  for (; i < n; i++) if (buf[i]! >= 0x80) highs.push(i);
  return highs;
}

/**
 * A string with one character per byte, for fast scanning with indexOf: ASCII bytes as themselves,
 * other bytes as U+0001 (which is nothing ADIF's syntax looks for). Positions in it are byte
 * offsets; values holding other bytes are decoded from the bytes themselves.
 */
function byteImage(buf: Uint8Array, highs: number[]): string {
  if (highs.length === 0) return utf8Loose.decode(buf);
  const ascii = buf.slice();
  for (const at of highs) ascii[at] = 1;
  return utf8Loose.decode(ascii);
}

/** Length of a valid UTF-8 sequence at i (1 for ASCII or an invalid byte), within n. */
function utf8SequenceLength(buf: Uint8Array, i: number, n: number): number {
  const b = buf[i]!;
  if (b < 0xc2 || b > 0xf4) return 1;
  const need = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
  if (i + need > n) return 1;
  const b1 = buf[i + 1]!;
  if ((b1 & 0xc0) !== 0x80) return 1;
  if (need === 3) {
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return 1;
  } else if (need === 4) {
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return 1;
  }
  for (let k = 2; k < need; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return 1;
  return need;
}

/** Text quoted in a message: printable, short. */
function snippet(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trimEnd();
  return clean.length > 30 ? `${clean.slice(0, 30)}...` : clean;
}

function parseUserDef(type: string, value: string): AdifUserDef {
  const comma = value.indexOf(',');
  const name = (comma < 0 ? value : value.slice(0, comma)).trim().toUpperCase();
  const def: AdifUserDef = { name, type: type.toUpperCase() };
  if (comma >= 0) {
    const spec = value.slice(comma + 1).trim();
    const inner = spec.startsWith('{') && spec.endsWith('}') ? spec.slice(1, -1) : spec;
    const range = /^\s*([+-]?\d+(?:\.\d*)?)\s*:\s*([+-]?\d+(?:\.\d*)?)\s*$/.exec(inner);
    if (range) def.range = [Number(range[1]), Number(range[2])];
    else if (inner.trim() !== '') def.enumeration = inner.split(',').map((item) => item.trim());
  }
  return def;
}

/**
 * The parsing core shared by readAdif and AdifStreamReader. parse() reads what it can from a
 * buffer and returns how many bytes it has consumed: only whole records (or skipped ones) and the
 * header are consumed; the rest is handed again, with more bytes, on the next call.
 */
class AdifCore {
  header: AdifHeader | null = null;
  records: AdifRecord[] = [];
  problems: AdifProblem[] = [];

  private inRecords = false;
  /** Records began at the first byte: an <EOH> before any <EOR> still ends a header. */
  private maybeHeader = false;
  /** The white space between the fields of the last record read ('\n', the usual one, at first). */
  private separator: string | null = '\n';
  private atStart = true;
  private lineBase = 1;
  /** Field names by case-blind hash, each with a small id (for the duplicate check). */
  private readonly names = new Map<number, { name: string; id: number }>();
  /** For each name id, the serial of the last record that had it. */
  private readonly seenIn = new Int32Array(MAX_NAMES);
  private recordSerial = 0;
  private readonly sharedValues: (string | undefined)[] = new Array<string | undefined>(SHARED_SLOTS).fill(undefined);
  private tagId = -1;

  // The buffer being parsed.
  private buf: Uint8Array = new Uint8Array(0);
  private s = '';
  private n = 0;
  private final = false;
  private highs: number[] = [];
  private linePos = 0;
  private lineNo = 1;

  // readTag's results.
  private tagEnd = 0;
  private tagName = '';
  private tagLength = 0;
  private tagType = '';

  // readValue's results. nextLt: the first '<' after a value read the usual way (-1 none, -2 unknown).
  private nextLt = -2;
  private value = '';
  private valueEnd = 0;
  private badMessage = '';
  /** Where reading goes on after a bad value: -1 skip to the next <EOR>, -2 stop (end of input). */
  private badResume = -1;

  parse(buf: Uint8Array, final: boolean): number {
    this.buf = buf;
    this.n = buf.length;
    this.final = final;
    this.highs = highBytes(buf);
    this.s = byteImage(buf, this.highs);
    this.linePos = 0;
    this.lineNo = this.lineBase;
    let start = 0;
    if (this.atStart) {
      if (this.n < 3 && !final && (this.n === 0 || buf[0] === 0xef) && (this.n < 2 || buf[1] === 0xbb)) return 0;
      if (this.n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    }
    if (!this.inRecords) {
      if (start >= this.n && !final) return 0;
      if (this.s.charCodeAt(start) === LT) {
        // No header text: records from the start (an <EOH> before the first <EOR> makes the
        // fields before it the header, see parseRecords).
        this.maybeHeader = true;
      } else {
        const afterHeader = this.parseHeader(start);
        if (afterHeader < 0) return 0;
        start = afterHeader;
      }
      this.inRecords = true;
    }
    this.atStart = false;
    const consumed = this.parseRecords(start);
    this.lineBase = this.lineAt(consumed);
    this.buf = new Uint8Array(0);
    this.s = '';
    return consumed;
  }

  private lineAt(pos: number): number {
    if (pos < this.linePos) {
      this.linePos = 0;
      this.lineNo = this.lineBase;
    }
    const s = this.s;
    let at = s.indexOf('\n', this.linePos);
    while (at >= 0 && at < pos) {
      this.lineNo++;
      at = s.indexOf('\n', at + 1);
    }
    this.linePos = pos;
    return this.lineNo;
  }

  /** Whether [a, b) holds a byte >= 0x80. */
  private hasHigh(a: number, b: number): boolean {
    const highs = this.highs;
    if (highs.length === 0 || a >= b) return false;
    let lo = 0;
    let hi = highs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (highs[mid]! < a) lo = mid + 1;
      else hi = mid;
    }
    return lo < highs.length && highs[lo]! < b;
  }

  /**
   * A short ASCII value, the same string object for the same text (Y, N, 20m, CW, 291, dates...):
   * fewer strings to allocate and keep. A small direct-mapped table by hash.
   */
  private shared(a: number, b: number): string {
    const s = this.s;
    let hash = b - a;
    for (let k = a; k < b; k++) hash = (Math.imul(hash, 31) + s.charCodeAt(k)) | 0;
    const slot = hash & (SHARED_SLOTS - 1);
    const known = this.sharedValues[slot];
    if (known !== undefined && known.length === b - a) {
      let k = 0;
      while (k < known.length && s.charCodeAt(a + k) === known.charCodeAt(k)) k++;
      if (k === known.length) return known;
    }
    const value = s.slice(a, b);
    this.sharedValues[slot] = value;
    return value;
  }

  private decode(a: number, b: number): string {
    if (!this.hasHigh(a, b)) return this.s.slice(a, b);
    const bytes = this.buf.subarray(a, b);
    try {
      return utf8Fatal.decode(bytes);
    } catch {
      return latin1.decode(bytes);
    }
  }

  /** The UPPER-CASE name of [a, b) in the image, from a table by case-blind hash (no slice each time). */
  private upper(a: number, b: number, hash: number): string {
    const s = this.s;
    const known = this.names.get(hash);
    if (known !== undefined && known.name.length === b - a) {
      const name = known.name;
      let k = 0;
      while (k < name.length && (s.charCodeAt(a + k) | 0x20) === (name.charCodeAt(k) | 0x20)) k++;
      if (k === name.length) {
        this.tagId = known.id;
        return name;
      }
    }
    const name = s.slice(a, b).toUpperCase();
    this.tagId = -1;
    if (known === undefined && this.names.size < MAX_NAMES) {
      this.tagId = this.names.size;
      this.names.set(hash, { name, id: this.tagId });
    }
    return name;
  }

  private readTag(p: number): number {
    const s = this.s;
    const n = this.n;
    let i = p + 1;
    if (i >= n) return this.final ? TEXT : MORE;
    let c = s.charCodeAt(i);
    if (!isNameStart(c)) return TEXT;
    const nameStart = i;
    let hash = 0;
    while (i < n) {
      c = s.charCodeAt(i);
      if (!isNameChar(c)) break;
      // Case-blind: for letters, digits, '_' and '-', c | 0x20 folds case and keeps them apart.
      hash = (Math.imul(hash, 31) + (c | 0x20)) | 0;
      i++;
    }
    if (i >= n) return this.final ? GARBAGE : MORE;
    c = s.charCodeAt(i);
    const nameEnd = i;
    if (c === GT) {
      this.tagName = this.upper(nameStart, nameEnd, hash);
      this.tagEnd = i + 1;
      this.tagLength = -1;
      this.tagType = '';
      return BARE;
    }
    if (c !== COLON) return GARBAGE;
    i++;
    let length = 0;
    const digitsStart = i;
    while (i < n) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      length = length * 10 + (c - 48);
      i++;
    }
    if (i >= n) return this.final ? GARBAGE : MORE;
    if (i === digitsStart) return GARBAGE;
    let type = '';
    if (c === COLON) {
      i++;
      const typeStart = i;
      while (i < n && isNameStart(s.charCodeAt(i))) i++;
      if (i >= n) return this.final ? GARBAGE : MORE;
      type = s.slice(typeStart, i);
      c = s.charCodeAt(i);
    }
    if (c !== GT) return GARBAGE;
    this.tagName = this.upper(nameStart, nameEnd, hash);
    this.tagEnd = i + 1;
    this.tagLength = length;
    this.tagType = type;
    return FIELD;
  }

  private isMarkerAt(i: number, second: number, third: number): boolean {
    const s = this.s;
    return (
      i + 4 < this.n &&
      (s.charCodeAt(i + 1) | 0x20) === 0x65 &&
      (s.charCodeAt(i + 2) | 0x20) === second &&
      (s.charCodeAt(i + 3) | 0x20) === third &&
      s.charCodeAt(i + 4) === GT
    );
  }

  private isEorAt(i: number): boolean {
    return this.isMarkerAt(i, 0x6f, 0x72);
  }

  private isEohAt(i: number): boolean {
    return this.isMarkerAt(i, 0x6f, 0x68);
  }

  /** The first <EOR> (and, in the header, <EOH>) wholly inside [a, b), or -1. */
  private markerIn(a: number, b: number): number {
    const s = this.s;
    let lt = s.indexOf('<', a);
    while (lt >= 0 && lt + 5 <= b) {
      if (this.isEorAt(lt) || (!this.inRecords && this.isEohAt(lt))) return lt;
      lt = s.indexOf('<', lt + 1);
    }
    return -1;
  }

  /**
   * Whether a tag begins at lt: <NAME:digits> (or <NAME:digits:TYPE>), or a bare <NAME>. With
   * `bare` false, of the bare ones only <EOR> and <EOH>. 1 yes, 0 no, -1 cut by the end of the
   * buffer (wait for more input).
   */
  private isTagAt(lt: number, bare: boolean): number {
    const s = this.s;
    const n = this.n;
    const cut = this.final ? 0 : -1;
    let i = lt + 1;
    if (i >= n) return cut;
    if (!isNameStart(s.charCodeAt(i))) return 0;
    while (i < n && isNameChar(s.charCodeAt(i))) i++;
    if (i >= n) return cut;
    const c = s.charCodeAt(i);
    if (c === GT) return bare || this.isEorAt(lt) || this.isEohAt(lt) ? 1 : 0;
    if (c !== COLON) return 0;
    const digits = ++i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i >= n) return cut;
    return i > digits && (s.charCodeAt(i) === GT || s.charCodeAt(i) === COLON) ? 1 : 0;
  }

  /** Whether [a, b) holds something that reads as a field tag, <EOR> or <EOH> (1, 0, -1 as isTagAt). */
  private tagLikeIn(a: number, b: number): number {
    const s = this.s;
    let lt = s.indexOf('<', a);
    while (lt >= 0 && lt < b) {
      const tag = this.isTagAt(lt, false);
      if (tag !== 0) return tag;
      lt = s.indexOf('<', lt + 1);
    }
    return 0;
  }

  /**
   * How well a value [v, e) fits: 3 it ends where a tag (or the input) begins, 2 text follows
   * (ignored, as ADIF allows), 1 it ends inside a UTF-8 character, 0 it does not fit (the reason
   * in `reason`), -1 more input is needed to tell.
   */
  private fit(v: number, e: number): { score: number; reason: number; at: number } {
    const n = this.n;
    if (e > n) {
      if (!this.final) return { score: -1, reason: 0, at: 0 };
      const marker = this.markerIn(v, n);
      return marker >= 0 ? { score: 0, reason: PAST_EOR, at: marker } : { score: 0, reason: PAST_END, at: n };
    }
    const s = this.s;
    let j = e;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    if (j >= n) return this.final ? { score: 3, reason: 0, at: 0 } : { score: -1, reason: 0, at: 0 };
    if (s.charCodeAt(j) === LT) {
      const tag = this.isTagAt(j, true);
      if (tag < 0) return { score: -1, reason: 0, at: 0 };
      if (tag > 0) return { score: 3, reason: 0, at: 0 };
    }
    const marker = this.markerIn(v, e);
    if (marker >= 0) return { score: 0, reason: PAST_EOR, at: marker };
    const inner = this.tagLikeIn(v, e);
    if (inner < 0) return { score: -1, reason: 0, at: 0 };
    if (inner > 0) return { score: 0, reason: INTO_NEXT_FIELD, at: 0 };
    const splits = e > v && (this.buf[e]! & 0xc0) === 0x80 && this.hasHigh(e - 1, e);
    return { score: splits ? 1 : 2, reason: 0, at: 0 };
  }

  /**
   * Where a value of `length` units from v ends when they count code points, UTF-16 units, or
   * code points with each bare line feed as two (a file written with CRLF whose line ends were
   * changed to LF afterwards, as git does). n + 1: past the input; -1: no such end.
   */
  private otherEnds(v: number, length: number): [number, number, number] {
    const buf = this.buf;
    const n = this.n;
    let i = v;
    let points = 0;
    let units = 0;
    let crlf = 0;
    let unitsEnd = -1;
    let crlfEnd = -1;
    while (points < length) {
      if (units === length && unitsEnd === -1) unitsEnd = i;
      if (crlf === length && crlfEnd === -1) crlfEnd = i;
      if (i >= n) return [n + 1, unitsEnd === -1 ? n + 1 : unitsEnd, crlfEnd === -1 ? n + 1 : crlfEnd];
      const b = buf[i]!;
      const step = b < 0x80 ? 1 : utf8SequenceLength(buf, i, n);
      points++;
      units += step === 4 ? 2 : 1;
      crlf += b === 10 && (i === v || buf[i - 1] !== 13) ? 2 : 1;
      i += step;
      if (units > length && unitsEnd === -1) unitsEnd = -2;
      if (crlf > length && crlfEnd === -1) crlfEnd = -2;
    }
    if (units === length && unitsEnd === -1) unitsEnd = i;
    if (crlf === length && crlfEnd === -1) crlfEnd = i;
    return [i, unitsEnd < 0 ? -1 : unitsEnd, crlfEnd < 0 ? -1 : crlfEnd];
  }

  /** Reads the value of the field whose tag ends at v. */
  /**
   * Whether the value ending at e is followed by `separator` (the white space between fields) and
   * then a tag or the end of the input.
   */
  private sameSeparatorAfter(e: number, separator: string): boolean {
    const s = this.s;
    const length = separator.length;
    if (e + length > this.n) return false;
    for (let k = 0; k < length; k++) if (s.charCodeAt(e + k) !== separator.charCodeAt(k)) return false;
    // fit() has seen the white space and the tag after e: no need to wait here.
    return e + length === this.n || (s.charCodeAt(e + length) === LT && this.isTagAt(e + length, true) === 1);
  }

  /**
   * Reads the value of the field whose tag ends at v. [gapStart, gapEnd) is the text between the
   * previous field's value and this tag (gapStart -1: first field: the separator last seen in the
   * file). It tells apart two readings of the length that both end before a tag: the one followed
   * by the same separator wins.
   */
  /** The text of [a, b) when it is a short run of white space, else null. */
  private whiteSpace(a: number, b: number): string | null {
    if (a < 0 || b < a || b - a > 16) return null;
    for (let k = a; k < b; k++) if (!isSpace(this.s.charCodeAt(k))) return null;
    return this.s.slice(a, b);
  }

  private readValue(v: number, length: number, name: string, gapStart = -1, gapEnd = -1): number {
    if (length === 0) {
      this.value = '';
      this.valueEnd = v;
      return OK;
    }
    if (length > MAX_VALUE_LENGTH) {
      this.badMessage = m.adifValueTooLong(name, length);
      this.badResume = -1;
      return BAD;
    }
    const n = this.n;
    const byteEnd = v + length;
    const s = this.s;
    // The usual case: ASCII, no '<' inside, not ending in white space (which may be a separator
    // taken by a length counted otherwise).
    if (byteEnd <= n && !isSpace(s.charCodeAt(byteEnd - 1)) && !this.hasHigh(v, byteEnd)) {
      const lt = s.indexOf('<', v);
      if (lt < 0 || lt >= byteEnd) {
        this.value = length <= SHARED_MAX_LENGTH ? this.shared(v, byteEnd) : s.slice(v, byteEnd);
        this.valueEnd = byteEnd;
        this.nextLt = lt;
        return OK;
      }
    }
    const region = Math.min(byteEnd, n);
    const lf = s.indexOf('\n', v);
    const ends = [byteEnd];
    if (this.hasHigh(v, region) || (lf >= 0 && lf < region)) ends.push(...this.otherEnds(v, length));
    if (!this.final && ends.some((end) => end > n)) return WAIT;
    let bestEnd = byteEnd;
    let best = -1;
    let firstReason = 0;
    let firstAt = 0;
    const separator = gapStart >= 0 ? this.whiteSpace(gapStart, gapEnd) : this.separator;
    for (const end of ends) {
      if (end < 0 || (best >= 0 && end === bestEnd)) continue;
      const fit = this.fit(v, end);
      if (fit.score < 0) return WAIT;
      if (fit.score === 3 && separator !== null && this.sameSeparatorAfter(end, separator)) fit.score = 4;
      if (end === byteEnd && best < 0) {
        firstReason = fit.reason;
        firstAt = fit.at;
      }
      // The best fit. Between two followed by the same separator as the field before, the longer
      // (the shorter one ends at text inside the value that looks like a separator and a tag);
      // between other equal ones the shorter (its trailing white space is the separator).
      if (fit.score > best || (fit.score === best && (best === 4 ? end > bestEnd : end < bestEnd))) {
        best = fit.score;
        bestEnd = end;
      }
    }
    if (best <= 0) return this.bad(firstReason, firstAt, name, length);
    this.value = this.decode(v, bestEnd);
    this.valueEnd = bestEnd;
    return OK;
  }

  private bad(reason: number, at: number, name: string, length: number): number {
    if (reason === PAST_EOR) {
      this.badMessage = m.adifLengthPastEor(name, length);
      this.badResume = at + 5;
    } else if (reason === PAST_END) {
      this.badMessage = m.adifLengthPastEnd(name, length);
      this.badResume = -2;
    } else {
      this.badMessage = m.adifLengthIntoNextField(name, length);
      this.badResume = -1;
    }
    return BAD;
  }

  /** Position after the next <EOR> from `from`; -1 none before the end of the input; -2 wait. */
  private afterNextEor(from: number): number {
    const s = this.s;
    let lt = s.indexOf('<', from);
    while (lt >= 0) {
      if (this.isEorAt(lt)) return lt + 5;
      if (!this.final && lt + 5 > this.n) return -2;
      lt = s.indexOf('<', lt + 1);
    }
    return this.final ? -1 : -2;
  }

  private makeHeader(text: string, fields: Record<string, string>, types: Record<string, string>): AdifHeader {
    const userDefs = Object.keys(fields)
      .filter((name) => /^USERDEF\d+$/.test(name))
      .map((name) => parseUserDef(types[name] ?? '', fields[name]!));
    return { text, fields, userDefs };
  }

  /** Returns where the records begin, or -1 to wait for more input. */
  private parseHeader(start: number): number {
    const s = this.s;
    const fields: Record<string, string> = {};
    const types: Record<string, string> = {};
    let firstTag = -1;
    let pos = start;
    let prevEnd = -1;
    let lastGapStart = -1;
    let lastGapEnd = -1;
    for (;;) {
      const p = s.indexOf('<', pos);
      if (p < 0) return this.final ? start : -1;
      const kind = this.readTag(p);
      if (kind === MORE) return -1;
      if (kind === TEXT || kind === GARBAGE) {
        pos = p + 1;
        continue;
      }
      if (kind === BARE) {
        if (this.tagName === 'EOH') {
          this.header = this.makeHeader(this.decode(start, firstTag >= 0 ? firstTag : p), fields, types);
          this.separator = this.whiteSpace(lastGapStart, lastGapEnd) ?? this.separator;
          return this.tagEnd;
        }
        if (this.tagName === 'EOR') return start;
        pos = this.tagEnd;
        continue;
      }
      const gapStart = prevEnd;
      if (prevEnd >= 0) {
        lastGapStart = prevEnd;
        lastGapEnd = p;
      }
      if (firstTag < 0) firstTag = p;
      const name = this.tagName;
      const type = this.tagType;
      const tagEnd = this.tagEnd;
      const read = this.readValue(tagEnd, this.tagLength, name, gapStart, p);
      if (read === WAIT) return -1;
      if (read === BAD) {
        pos = tagEnd;
        continue;
      }
      fields[name] = this.value;
      if (type !== '') types[name] = type;
      pos = prevEnd = this.valueEnd;
    }
  }

  /** Reads records from `start`; returns the bytes consumed. */
  private parseRecords(start: number): number {
    this.nextLt = -2;
    const s = this.s;
    const n = this.n;
    let pos = start;
    let committed = start;
    let rec: Record<string, string> | null = null;
    let recLine = 0;
    let prevEnd = -1;
    let gapStart = -1;
    let gapEnd = -1;
    let types: Record<string, string> | null = null;
    let problemAt = 0;
    let problem = '';
    let resume = -1;
    for (;;) {
      // After a value read the usual way, readValue has found the next '<' already.
      const p = this.nextLt >= pos || this.nextLt === -1 ? this.nextLt : s.indexOf('<', pos);
      this.nextLt = -2;
      if (p < 0) break;
      const kind = this.readTag(p);
      if (kind === MORE) return committed;
      if (kind === TEXT) {
        pos = p + 1;
        continue;
      }
      problem = '';
      if (kind === GARBAGE) {
        problemAt = p;
        problem = GARBAGE_PROBLEM;
        resume = -1;
      } else if (kind === BARE) {
        const name = this.tagName;
        if (name === 'EOR' || name === 'EOH') {
          if (this.maybeHeader && name === 'EOH') {
            this.header = this.makeHeader('', rec ?? {}, types ?? {});
            this.separator = this.whiteSpace(gapStart, gapEnd) ?? this.separator;
            rec = null;
          }
          this.maybeHeader = false;
          types = null;
          if (rec !== null) {
            if (name === 'EOR' && (rec.CALL ?? '').trim() === '') {
              this.problems.push({ line: recLine, message: m.ADIF_NO_CALL });
            } else if (name === 'EOR') {
              this.records.push({ fields: rec, line: recLine });
              this.separator = this.whiteSpace(gapStart, gapEnd) ?? this.separator;
            } else if ((rec.CALL ?? '').trim() !== '') {
              this.problems.push({ line: recLine, message: m.ADIF_NO_EOR });
            }
            rec = null;
          }
          pos = committed = this.tagEnd;
          continue;
        }
        if (rec === null) {
          // Between records (LoTW ends its files with <APP_LoTW_EOF>): text, ignored.
          pos = this.tagEnd;
          continue;
        }
        problemAt = p;
        problem = m.adifTagWithoutLength(name);
        resume = -1;
      } else {
        const name = this.tagName;
        if (rec === null) {
          rec = {};
          this.recordSerial++;
          recLine = this.lineAt(p);
          prevEnd = gapStart = gapEnd = -1;
        }
        if (this.maybeHeader && this.tagType !== '') (types ??= {})[name] = this.tagType;
        if (prevEnd >= 0) {
          gapStart = prevEnd;
          gapEnd = p;
        }
        const read = this.readValue(this.tagEnd, this.tagLength, name, prevEnd, p);
        if (read === WAIT) return committed;
        if (read === OK) {
          // A name seen before in this record (known by its id, or looked up) must repeat its value.
          const id = this.tagId;
          let fresh: boolean;
          if (id >= 0) {
            fresh = this.seenIn[id] !== this.recordSerial;
            this.seenIn[id] = this.recordSerial;
          } else {
            fresh = rec[name] === undefined;
          }
          if (fresh || rec[name] === this.value) {
            rec[name] = this.value;
            pos = prevEnd = this.valueEnd;
            continue;
          }
          problemAt = p;
          problem = m.adifDuplicateField(name);
          resume = -1;
        } else {
          problemAt = p;
          problem = this.badMessage;
          resume = this.badResume;
        }
      }
      // A malformed record: skip it up to its <EOR>.
      const line = this.lineAt(problemAt);
      const next = resume >= 0 ? resume : resume === -2 ? -1 : this.afterNextEor(problemAt + 1);
      if (next === -2) return committed;
      if (problem === GARBAGE_PROBLEM) {
        // Quoted up to the next '<' (or the line's end): the same bytes whatever the chunking.
        const lt = s.indexOf('<', problemAt + 1);
        const end = Math.min(lt < 0 ? n : lt, problemAt + 40);
        problem = m.adifGarbageTag(snippet(this.decode(problemAt, end).split('\n')[0]!));
      }
      this.problems.push({ line: rec !== null ? recLine : line, message: rec !== null && recLine !== line ? m.adifProblemOnLine(problem, line) : problem });
      rec = null;
      if (next === -1) return n;
      pos = committed = next;
    }
    if (!this.final) return committed;
    if (rec !== null) this.problems.push({ line: recLine, message: m.ADIF_NO_EOR });
    return n;
  }
}

/** Reads a whole ADIF (ADI) input. A string is read as its UTF-8 bytes. */
export function readAdif(input: Uint8Array | string): AdifReadResult {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const core = new AdifCore();
  core.parse(bytes, true);
  return { header: core.header, records: core.records, problems: core.problems };
}

/** Below this many new bytes the stream reader waits for more before parsing. */
const MIN_BATCH = 64 * 1024;

/**
 * Reads an ADIF input chunk by chunk (chunks may split a tag or a character anywhere); drain()
 * hands out what has been read so far. The result is exactly readAdif's on the whole input.
 */
export class AdifStreamReader {
  private readonly core = new AdifCore();
  private readonly minBatch: number;
  private carry: Uint8Array = new Uint8Array(0);
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private ended = false;

  /**
   * minBatchBytes: parse once this many new bytes have come (default 64 KiB); 0 parses at every
   * push (tests: every chunk boundary is a place where parsing stops and resumes).
   */
  constructor(options: { minBatchBytes?: number } = {}) {
    this.minBatch = Math.max(0, options.minBatchBytes ?? MIN_BATCH);
  }

  get header(): AdifHeader | null {
    return this.core.header;
  }

  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error('AdifStreamReader: push() after end()');
    if (chunk.length === 0) return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    // Parse again only when the new bytes are at least as many as the unfinished ones carried
    // over: a long record split into small chunks costs linear time, not quadratic.
    if (this.minBatch === 0 || (this.pendingBytes >= this.minBatch && this.pendingBytes >= this.carry.length)) this.run(false);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.run(true);
  }

  drain(): { records: AdifRecord[]; problems: AdifProblem[] } {
    const out = { records: this.core.records, problems: this.core.problems };
    this.core.records = [];
    this.core.problems = [];
    return out;
  }

  private run(final: boolean): void {
    const total = this.carry.length + this.pendingBytes;
    let buf: Uint8Array;
    if (this.carry.length === 0 && this.pending.length === 1) {
      buf = this.pending[0]!;
    } else {
      buf = new Uint8Array(total);
      buf.set(this.carry, 0);
      let at = this.carry.length;
      for (const chunk of this.pending) {
        buf.set(chunk, at);
        at += chunk.length;
      }
    }
    this.pending = [];
    this.pendingBytes = 0;
    const consumed = this.core.parse(buf, final);
    this.carry = final ? new Uint8Array(0) : buf.slice(consumed);
  }
}
