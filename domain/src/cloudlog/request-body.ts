/**
 * The bodies companion apps send to the Cloudlog/Wavelog API, read the way those servers read
 * them, and a little kinder (decision 0036). Apps send JSON under any content type (text/plain
 * from Cloudlog Helper), the literal `null` (GridTracker's auth and station list), forms
 * (CloudLogCATQt), and JSON built by hand: SatPC32-To-Cloudlog writes `"frequency":,` when it has
 * no uplink, CloudLogOffline pastes comments with quotes and backslashes into its strings.
 *
 * Strict JSON is tried first; only a body it refuses goes through the tolerant reader below, so a
 * well-formed body always means exactly what JSON says.
 */
import { REQUEST_MAX_NESTING } from '../request-nesting';

export type CloudlogBody = { ok: true; body: Record<string, unknown> } | { ok: false };

const EMPTY: CloudlogBody = { ok: true, body: {} };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** application/x-www-form-urlencoded: `+` is a space, the last of repeated names wins. */
export function readForm(text: string): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    try {
      const name = decode(at < 0 ? pair : pair.slice(0, at));
      if (name === '') return null;
      body[name] = at < 0 ? '' : decode(pair.slice(at + 1));
    } catch {
      return null;
    }
  }
  return body;
}

export function readCloudlogBody(raw: string, contentType = ''): CloudlogBody {
  const text = raw.replace(/^\uFEFF/, '').trim();
  if (text === '' || text === 'null') return EMPTY;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return isRecord(parsed) ? { ok: true, body: parsed } : { ok: false };
    } catch {
      const repaired = tolerantObject(text);
      return repaired ? { ok: true, body: repaired } : { ok: false };
    }
  }
  const looksLikeForm = /^[^=&\s{}[\]"]+=/.test(text) || /x-www-form-urlencoded/i.test(contentType);
  const form = looksLikeForm ? readForm(text) : null;
  return form ? { ok: true, body: form } : { ok: false };
}

/**
 * A JSON object as an app built it by hand: raw control characters and unknown escapes inside
 * strings are kept as they are, a missing value (`"a":,`) is null, and a quote inside a string
 * ends it only where the object could go on (`,"name":`, `}` or `]` followed by the end or by
 * more of the object). Null when it is no object even so.
 */
export function tolerantObject(text: string): Record<string, unknown> | null {
  const reader = new TolerantReader(text);
  try {
    const value = reader.value();
    reader.space();
    return reader.atEnd() && isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** Where a string stands, which decides what may follow its closing quote. */
type StringContext = 'key' | 'member' | 'element';
/** What may follow a string's closing quote (sticky: tried right after the quote). */
const FOLLOWERS: Record<StringContext, RegExp> = {
  key: /\s*:/y,
  element: /\s*[,\]]/y,
  member: /\s*(?:,\s*"(?:[^"\\]|\\.)*"\s*:|}\s*(?:$|[,}\]]))/y,
};
const LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

class TolerantReader {
  private at = 0;
  /** Objects and arrays open where the reader is: nesting deeper than a request may is unreadable (no stack overflow). */
  private depth = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  space(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.at]!)) this.at += 1;
  }

  private fail(): never {
    throw new Error(`unreadable at ${this.at}`);
  }

  private peek(): string {
    return this.text[this.at] ?? '';
  }

  value(): unknown {
    this.space();
    const c = this.peek();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string('element');
    LITERAL.lastIndex = this.at;
    const literal = LITERAL.exec(this.text);
    if (!literal) this.fail();
    this.at += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  }

  /** After a key's colon: nothing before `,` or `}` is a missing value (null). */
  private memberValue(): unknown {
    this.space();
    const c = this.peek();
    if (c === ',' || c === '}') return null;
    return c === '"' ? this.string('member') : this.value();
  }

  private open(): void {
    this.at += 1;
    this.depth += 1;
    if (this.depth > REQUEST_MAX_NESTING) this.fail();
  }

  private close<T>(value: T): T {
    this.at += 1;
    this.depth -= 1;
    return value;
  }

  private object(): Record<string, unknown> {
    this.open();
    const object: Record<string, unknown> = {};
    this.space();
    if (this.peek() === '}') return this.close(object);
    for (;;) {
      this.space();
      if (this.peek() !== '"') this.fail();
      const key = this.string('key');
      this.space();
      if (this.peek() !== ':') this.fail();
      this.at += 1;
      object[key] = this.memberValue();
      this.space();
      const c = this.peek();
      if (c === '}') return this.close(object);
      if (c !== ',') this.fail();
      this.at += 1;
    }
  }

  private array(): unknown[] {
    this.open();
    const array: unknown[] = [];
    this.space();
    if (this.peek() === ']') return this.close(array);
    for (;;) {
      array.push(this.value());
      this.space();
      const c = this.peek();
      if (c === ']') return this.close(array);
      if (c !== ',') this.fail();
      this.at += 1;
    }
  }

  /** Whether the quote at `quote` can end a string here: what follows must continue the JSON. */
  private closesString(quote: number, context: StringContext): boolean {
    const follower = FOLLOWERS[context];
    follower.lastIndex = quote + 1;
    return follower.test(this.text);
  }

  private string(context: StringContext): string {
    let out = '';
    let i = this.at + 1;
    for (;;) {
      if (i >= this.text.length) this.fail();
      const c = this.text[i]!;
      if (c === '"' && this.closesString(i, context)) {
        this.at = i + 1;
        return out;
      }
      if (c === '\\') {
        const next = this.text[i + 1] ?? '';
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (next in simple) {
          out += simple[next];
          i += 2;
          continue;
        }
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(this.text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
      }
      out += c;
      i += 1;
    }
  }
}
