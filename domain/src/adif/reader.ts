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
import { NAME_CLASS, ODD_IN_VALUE, asciiText, countLineFeeds, decodeText, isSpace, tinyText, utf8SequenceLength, wordsOf } from './reader-bytes';
import { fieldsObject } from './reader-fields';
import { FieldNames, MAX_NAME_IDS, nameHashStep } from './reader-names';
import { SHARED_MAX_LENGTH, SharedValues } from './reader-values';

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
const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;
const LF = 0x0a;

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
const NO_BYTES = new Uint8Array(0);
const NO_WORDS = new Uint32Array(0);

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

// V8 learns where in the code the objects it allocates live long (an object literal is such a
// place) and then allocates them with the long-lived ones. The records readAdif keeps live long:
// a literal. The stream reader's live until the next drain() and then die; allocated with the
// long-lived ones (as V8 decides once a drain comes after a collection) they would stay until a
// full collection and keep their fields alive meanwhile (a quarter of the reading time in
// bench/src/adif-parse.ts): made with `new`, which V8 always allocates with the young.
function keptRecord(fields: Record<string, string>, line: number): AdifRecord {
  return { fields, line };
}

function HandedOutRecord(this: AdifRecord, fields: Record<string, string>, line: number): void {
  this.fields = fields;
  this.line = line;
}
HandedOutRecord.prototype = Object.prototype;

function handedOutRecord(fields: Record<string, string>, line: number): AdifRecord {
  return new (HandedOutRecord as unknown as new (fields: Record<string, string>, line: number) => AdifRecord)(fields, line);
}

/**
 * The parsing core shared by readAdif and AdifStreamReader. parse() reads what it can from a
 * buffer and returns how many bytes it has consumed: only whole records (or skipped ones) and the
 * header are consumed; the rest is handed again, with more bytes, on the next call.
 *
 * It reads the bytes themselves (no text of the whole input): names are found from their bytes
 * (FieldNames, text made once per name), a value takes one pass over its bytes (ASCII without
 * '<' and not ending in white space: the usual case, see readValue) and its text comes from a
 * table (short values, SharedValues) or is decoded alone; a record's fields are gathered in two
 * arrays and become one object at its <EOR> (fieldsObject); lines are counted only at the start
 * of a record or a problem (lineAt, four bytes at a time).
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

  private readonly fieldNames = new FieldNames();
  /** The id of the tag's name (-1: a name without id). */
  private tagId = -1;
  private readonly callId: number;

  /** The fields of the record being read, in order: names and values. */
  private readonly recNames: string[] = [];
  private readonly recValues: string[] = [];
  private recCount = 0;
  /** For each name id, the serial of the last record that had it, and its index there. */
  private readonly seenIn = new Int32Array(MAX_NAME_IDS);
  private readonly indexIn = new Int32Array(MAX_NAME_IDS);
  private recordSerial = 0;
  private readonly shared = new SharedValues();
  private readonly newRecord: (fields: Record<string, string>, line: number) => AdifRecord;

  // The buffer being parsed.
  private buf: Uint8Array = NO_BYTES;
  private n = 0;
  private final = false;
  private words: Uint32Array = NO_WORDS;
  private wordBase = 0;
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

  /** keepsRecords: the records are kept (readAdif), not handed out batch by batch (AdifStreamReader). */
  constructor(keepsRecords: boolean) {
    this.callId = this.fieldNames.add('CALL');
    this.newRecord = keepsRecords ? keptRecord : handedOutRecord;
  }

  parse(buf: Uint8Array, final: boolean): number {
    this.buf = buf;
    this.n = buf.length;
    this.final = final;
    const { words, base } = wordsOf(buf);
    this.words = words;
    this.wordBase = base;
    this.linePos = 0;
    this.lineNo = this.lineBase;
    let start = 0;
    if (this.atStart) {
      if (this.n < 3 && !final && (this.n === 0 || buf[0] === 0xef) && (this.n < 2 || buf[1] === 0xbb)) return 0;
      if (this.n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    }
    if (!this.inRecords) {
      if (start >= this.n && !final) return 0;
      if (buf[start] === LT) {
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
    this.buf = NO_BYTES;
    this.words = NO_WORDS;
    return consumed;
  }

  private lineAt(pos: number): number {
    if (pos < this.linePos) {
      this.linePos = 0;
      this.lineNo = this.lineBase;
    }
    this.lineNo += countLineFeeds(this.buf, this.words, this.wordBase, this.linePos, Math.min(pos, this.n));
    this.linePos = pos;
    return this.lineNo;
  }

  /** The first '<' at or after `from`, or -1. */
  private ltFrom(from: number): number {
    const buf = this.buf;
    const n = this.n;
    let i = from;
    while (i < n && buf[i] !== LT) i++;
    return i < n ? i : -1;
  }

  private decode(a: number, b: number): string {
    return decodeText(this.buf, a, b);
  }

  /** Sets tagName and tagId for the name [a, b) (guessed: it is the guess of fieldNames; hash: of its bytes). */
  private setName(a: number, b: number, guessed: boolean, hash: number): void {
    const names = this.fieldNames;
    if (guessed) names.takeGuess();
    else names.find(this.buf, a, b, hash);
    this.tagName = names.lastName;
    this.tagId = names.lastId;
  }

  private readTag(p: number): number {
    const buf = this.buf;
    const n = this.n;
    let i = p + 1;
    if (i >= n) return this.final ? TEXT : MORE;
    if (NAME_CLASS[buf[i]!] !== 1) return TEXT;
    const nameStart = i;
    let nameEnd = this.fieldNames.guess(buf, i, n);
    const guessed = nameEnd >= 0;
    let hash = 0;
    if (!guessed) {
      while (i < n && NAME_CLASS[buf[i]!] !== 0) hash = nameHashStep(hash, buf[i++]!);
      if (i >= n) return this.final ? GARBAGE : MORE;
      nameEnd = i;
    }
    i = nameEnd;
    let c = buf[i]!;
    if (c === GT) {
      this.setName(nameStart, nameEnd, guessed, hash);
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
      c = buf[i]!;
      if (c < 48 || c > 57) break;
      length = length * 10 + (c - 48);
      i++;
    }
    if (i >= n) return this.final ? GARBAGE : MORE;
    if (i === digitsStart) return GARBAGE;
    this.tagType = '';
    if (c === COLON) {
      i = this.readType(i + 1);
      if (i < 0) return i === -1 ? GARBAGE : MORE;
    } else if (c !== GT) {
      return GARBAGE;
    }
    this.setName(nameStart, nameEnd, guessed, hash);
    this.tagEnd = i + 1;
    this.tagLength = length;
    return FIELD;
  }

  /** Reads a tag's data type from `from` into tagType; returns where its '>' is, -1 for garbage, -2 to wait. */
  private readType(from: number): number {
    const buf = this.buf;
    const n = this.n;
    let i = from;
    while (i < n && NAME_CLASS[buf[i]!] === 1) i++;
    if (i >= n) return this.final ? -1 : -2;
    if (buf[i] !== GT) return -1;
    this.tagType = i - from === 1 || i - from === 2 ? tinyText(buf, from, i - from) : asciiText(buf, from, i);
    return i;
  }

  private isMarkerAt(i: number, second: number, third: number): boolean {
    const buf = this.buf;
    return (
      i + 4 < this.n &&
      (buf[i + 1]! | 0x20) === 0x65 &&
      (buf[i + 2]! | 0x20) === second &&
      (buf[i + 3]! | 0x20) === third &&
      buf[i + 4] === GT
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
    let lt = this.ltFrom(a);
    while (lt >= 0 && lt + 5 <= b) {
      if (this.isEorAt(lt) || (!this.inRecords && this.isEohAt(lt))) return lt;
      lt = this.ltFrom(lt + 1);
    }
    return -1;
  }

  /**
   * Whether a tag begins at lt: <NAME:digits> (or <NAME:digits:TYPE>), or a bare <NAME>. With
   * `bare` false, of the bare ones only <EOR> and <EOH>. 1 yes, 0 no, -1 cut by the end of the
   * buffer (wait for more input).
   */
  private isTagAt(lt: number, bare: boolean): number {
    const buf = this.buf;
    const n = this.n;
    const cut = this.final ? 0 : -1;
    let i = lt + 1;
    if (i >= n) return cut;
    if (NAME_CLASS[buf[i]!] !== 1) return 0;
    while (i < n && NAME_CLASS[buf[i]!] !== 0) i++;
    if (i >= n) return cut;
    const c = buf[i];
    if (c === GT) return bare || this.isEorAt(lt) || this.isEohAt(lt) ? 1 : 0;
    if (c !== COLON) return 0;
    const digits = ++i;
    while (i < n && buf[i]! >= 48 && buf[i]! <= 57) i++;
    if (i >= n) return cut;
    return i > digits && (buf[i] === GT || buf[i] === COLON) ? 1 : 0;
  }

  /** Whether [a, b) holds something that reads as a field tag, <EOR> or <EOH> (1, 0, -1 as isTagAt). */
  private tagLikeIn(a: number, b: number): number {
    let lt = this.ltFrom(a);
    while (lt >= 0 && lt < b) {
      const tag = this.isTagAt(lt, false);
      if (tag !== 0) return tag;
      lt = this.ltFrom(lt + 1);
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
    const buf = this.buf;
    let j = e;
    while (j < n && isSpace(buf[j])) j++;
    if (j >= n) return this.final ? { score: 3, reason: 0, at: 0 } : { score: -1, reason: 0, at: 0 };
    if (buf[j] === LT) {
      const tag = this.isTagAt(j, true);
      if (tag < 0) return { score: -1, reason: 0, at: 0 };
      if (tag > 0) return { score: 3, reason: 0, at: 0 };
    }
    const marker = this.markerIn(v, e);
    if (marker >= 0) return { score: 0, reason: PAST_EOR, at: marker };
    const inner = this.tagLikeIn(v, e);
    if (inner < 0) return { score: -1, reason: 0, at: 0 };
    if (inner > 0) return { score: 0, reason: INTO_NEXT_FIELD, at: 0 };
    const splits = e > v && (buf[e]! & 0xc0) === 0x80 && buf[e - 1]! >= 0x80;
    return { score: splits ? 1 : 2, reason: 0, at: 0 };
  }

  /**
   * Where a value of `length` units from v ends when they count code points, UTF-16 units, or
   * code points with each bare line feed as two (a file written with CRLF whose line ends were
   * changed to LF afterwards, as git does). n + 1: past the input (or, before its end, a character
   * cut by the end of the buffer: wait); -1: no such end.
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
      // A character cut by the end of the buffer: how many units it counts is known only with
      // its other bytes (a lone lead byte counts one), so the readings wait for them.
      if (step === 1 && b >= 0xc2 && b <= 0xf4 && !this.final && i + (b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4) > n) return [n + 1, n + 1, n + 1];
      points++;
      units += step === 4 ? 2 : 1;
      crlf += b === LF && (i === v || buf[i - 1] !== 13) ? 2 : 1;
      i += step;
      if (units > length && unitsEnd === -1) unitsEnd = -2;
      if (crlf > length && crlfEnd === -1) crlfEnd = -2;
    }
    if (units === length && unitsEnd === -1) unitsEnd = i;
    if (crlf === length && crlfEnd === -1) crlfEnd = i;
    return [i, unitsEnd < 0 ? -1 : unitsEnd, crlfEnd < 0 ? -1 : crlfEnd];
  }

  /**
   * Whether the value ending at e is followed by `separator` (the white space between fields) and
   * then a tag or the end of the input.
   */
  private sameSeparatorAfter(e: number, separator: string): boolean {
    const buf = this.buf;
    const length = separator.length;
    if (e + length > this.n) return false;
    for (let k = 0; k < length; k++) if (buf[e + k] !== separator.charCodeAt(k)) return false;
    // fit() has seen the white space and the tag after e: no need to wait here.
    return e + length === this.n || (buf[e + length] === LT && this.isTagAt(e + length, true) === 1);
  }

  /** The text of [a, b) when it is a short run of white space, else null. */
  private whiteSpace(a: number, b: number): string | null {
    if (a < 0 || b < a || b - a > 16) return null;
    const buf = this.buf;
    for (let k = a; k < b; k++) if (!isSpace(buf[k])) return null;
    const known = this.separator;
    if (known !== null && known.length === b - a) {
      let k = 0;
      while (k < known.length && buf[a + k] === known.charCodeAt(k)) k++;
      if (k === known.length) return known;
    }
    return asciiText(buf, a, b);
  }

  /**
   * Reads the value of the field whose tag ends at v. [gapStart, gapEnd) is the text between the
   * previous field's value and this tag (gapStart -1: first field: the separator last seen in the
   * file). It tells apart two readings of the length that both end before a tag: the one followed
   * by the same separator wins.
   */
  private readValue(v: number, length: number, name: string, gapStart: number, gapEnd: number): number {
    if (length === 0) {
      this.value = '';
      this.valueEnd = v;
      return OK;
    }
    const buf = this.buf;
    const byteEnd = v + length;
    // The usual case: ASCII, no '<' inside, not ending in white space (which may be a separator
    // taken by a length counted otherwise).
    if (byteEnd <= this.n && length <= ADIF_MAX_VALUE_LENGTH && !isSpace(buf[byteEnd - 1])) {
      let odd = 0;
      let hash = length;
      if (length <= SHARED_MAX_LENGTH) {
        for (let k = v; k < byteEnd; k++) {
          const c = buf[k]!;
          odd |= ODD_IN_VALUE[c]!;
          hash = (Math.imul(hash, 31) + c) | 0;
        }
      } else {
        for (let k = v; k < byteEnd; k++) odd |= ODD_IN_VALUE[buf[k]!]!;
      }
      if (odd === 0) {
        this.value = length <= 2 ? tinyText(buf, v, length) : length <= SHARED_MAX_LENGTH ? this.shared.text(buf, v, byteEnd, hash) : asciiText(buf, v, byteEnd);
        this.valueEnd = byteEnd;
        this.nextLt = this.ltFrom(byteEnd);
        return OK;
      }
    }
    return this.readValueSlow(v, length, name, gapStart, gapEnd);
  }

  /** readValue's other cases: several readings of the length (see fit()). */
  private readValueSlow(v: number, length: number, name: string, gapStart: number, gapEnd: number): number {
    if (length > ADIF_MAX_VALUE_LENGTH) {
      this.badMessage = m.adifValueTooLong(name, length);
      this.badResume = -1;
      return BAD;
    }
    const buf = this.buf;
    const n = this.n;
    const byteEnd = v + length;
    const region = Math.min(byteEnd, n);
    let otherCounts = false;
    for (let k = v; k < region; k++) {
      const c = buf[k]!;
      if (c >= 0x80 || c === LF) {
        otherCounts = true;
        break;
      }
    }
    const ends = [byteEnd];
    if (otherCounts) ends.push(...this.otherEnds(v, length));
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
    let lt = this.ltFrom(from);
    while (lt >= 0) {
      if (this.isEorAt(lt)) return lt + 5;
      if (!this.final && lt + 5 > this.n) return -2;
      lt = this.ltFrom(lt + 1);
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
    const fields: Record<string, string> = {};
    const types: Record<string, string> = {};
    let firstTag = -1;
    let pos = start;
    let prevEnd = -1;
    let lastGapStart = -1;
    let lastGapEnd = -1;
    for (;;) {
      const p = this.ltFrom(pos);
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

  /**
   * Adds the field just read to the record being read; false when the record has it already with
   * another value. A name seen before in this record (known by its id, or looked up) must repeat
   * its value.
   */
  private addField(name: string, value: string): boolean {
    const id = this.tagId;
    const serial = this.recordSerial;
    const index = id < 0 ? this.indexOf(name) : this.seenIn[id] === serial ? this.indexIn[id]! : -1;
    if (index >= 0) return this.recValues[index] === value;
    if (id >= 0) {
      this.seenIn[id] = serial;
      this.indexIn[id] = this.recCount;
    }
    this.recNames[this.recCount] = name;
    this.recValues[this.recCount++] = value;
    return true;
  }

  /** Where the record being read has a field `name` (one without id), or -1. */
  private indexOf(name: string): number {
    for (let k = 0; k < this.recCount; k++) if (this.recNames[k] === name) return k;
    return -1;
  }

  /** Reads records from `start`; returns the bytes consumed. */
  private parseRecords(start: number): number {
    this.nextLt = -2;
    const n = this.n;
    let pos = start;
    let committed = start;
    /** A record is being read (its fields in recNames/recValues). */
    let inRecord = false;
    /** The record has a CALL with more than white space. */
    let hasCall = false;
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
      const p = this.nextLt >= pos || this.nextLt === -1 ? this.nextLt : this.ltFrom(pos);
      this.nextLt = -2;
      if (p < 0) break;
      const kind = this.readTag(p);
      if (kind === MORE) return committed;
      if (kind === TEXT) {
        pos = p + 1;
        continue;
      }
      problem = '';
      if (kind === FIELD) {
        const name = this.tagName;
        if (!inRecord) {
          inRecord = true;
          this.recCount = 0;
          this.recordSerial++;
          hasCall = false;
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
          if (this.addField(name, this.value)) {
            if (this.tagId === this.callId && !hasCall) {
              // Most calls begin with a printable ASCII character: no need to trim them.
              const first = this.valueEnd > this.tagEnd ? this.buf[this.tagEnd]! : 0;
              hasCall = (first > 0x20 && first < 0x7f) || this.value.trim() !== '';
            }
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
      } else if (kind === GARBAGE) {
        problemAt = p;
        problem = GARBAGE_PROBLEM;
        resume = -1;
      } else {
        const name = this.tagName;
        if (name === 'EOR' || name === 'EOH') {
          if (this.maybeHeader && name === 'EOH') {
            this.header = this.makeHeader('', inRecord ? fieldsObject(this.recNames, this.recValues, this.recCount) : {}, types ?? {});
            this.separator = this.whiteSpace(gapStart, gapEnd) ?? this.separator;
            inRecord = false;
          }
          this.maybeHeader = false;
          types = null;
          if (inRecord) {
            if (name === 'EOR' && !hasCall) {
              this.problems.push({ line: recLine, message: m.ADIF_NO_CALL });
            } else if (name === 'EOR') {
              this.records.push(this.newRecord(fieldsObject(this.recNames, this.recValues, this.recCount), recLine));
              this.separator = this.whiteSpace(gapStart, gapEnd) ?? this.separator;
            } else if (hasCall) {
              this.problems.push({ line: recLine, message: m.ADIF_NO_EOR });
            }
            inRecord = false;
          }
          pos = committed = this.tagEnd;
          continue;
        }
        if (!inRecord) {
          // Between records (LoTW ends its files with <APP_LoTW_EOF>): text, ignored.
          pos = this.tagEnd;
          continue;
        }
        problemAt = p;
        problem = m.adifTagWithoutLength(name);
        resume = -1;
      }
      // A malformed record: skip it up to its <EOR>.
      const line = this.lineAt(problemAt);
      const next = resume >= 0 ? resume : resume === -2 ? -1 : this.afterNextEor(problemAt + 1);
      if (next === -2) return committed;
      if (problem === GARBAGE_PROBLEM) {
        // Quoted up to the next '<' (or the line's end): the same bytes whatever the chunking.
        const lt = this.ltFrom(problemAt + 1);
        const end = Math.min(lt < 0 ? n : lt, problemAt + 40);
        problem = m.adifGarbageTag(snippet(this.decode(problemAt, end).split('\n')[0]!));
      }
      this.problems.push({ line: inRecord ? recLine : line, message: inRecord && recLine !== line ? m.adifProblemOnLine(problem, line) : problem });
      inRecord = false;
      if (next === -1) return n;
      pos = committed = next;
    }
    if (!this.final) return committed;
    if (inRecord) this.problems.push({ line: recLine, message: m.ADIF_NO_EOR });
    return n;
  }
}

/** Reads a whole ADIF (ADI) input. A string is read as its UTF-8 bytes. */
export function readAdif(input: Uint8Array | string): AdifReadResult {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const core = new AdifCore(true);
  core.parse(bytes, true);
  return { header: core.header, records: core.records, problems: core.problems };
}

/** Below this many new bytes the stream reader waits for more before parsing. */
const MIN_BATCH = 64 * 1024;
/** How much of a new chunk is copied to finish the record cut at the end of the last batch (when that is no longer). */
const HEAD_BYTES = 16 * 1024;

/**
 * Reads an ADIF input chunk by chunk (chunks may split a tag or a character anywhere); drain()
 * hands out what has been read so far. The result is exactly readAdif's on the whole input.
 */
export class AdifStreamReader {
  private readonly core = new AdifCore(false);
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
    let parts = this.pending;
    let carry = this.carry;
    this.pending = [];
    this.pendingBytes = 0;
    const chunk = parts.length === 1 ? parts[0]! : null;
    if (chunk !== null && carry.length > 0 && carry.length <= HEAD_BYTES && chunk.length > HEAD_BYTES) {
      // The record cut at the end of the last batch is read from a small buffer (its bytes and
      // the head of the new chunk); the rest of the chunk is read where it is, not copied.
      const consumed = this.core.parse(joined([carry, chunk.subarray(0, HEAD_BYTES)]), false);
      if (consumed >= carry.length) {
        parts = [chunk.subarray(consumed - carry.length)];
        carry = new Uint8Array(0);
      } else {
        carry = carry.subarray(consumed);
      }
    }
    const buf = carry.length === 0 && parts.length === 1 ? parts[0]! : joined([carry, ...parts]);
    const consumed = this.core.parse(buf, final);
    this.carry = final ? new Uint8Array(0) : buf.slice(consumed);
  }
}

function joined(parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
