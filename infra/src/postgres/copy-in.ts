import type { ClientBase } from 'pg';

/**
 * `COPY ... FROM STDIN` (text format) over a client of the pool: the fastest way PostgreSQL takes
 * many rows (several times a multi-row INSERT's speed, whose big VALUES lists cost more to parse and
 * plan than to write). pg has no COPY of its own; this is the protocol part of pg-copy-streams, for
 * a body already in memory: the statement, then the rows as CopyData messages, then CopyDone.
 */
class CopyIn {
  callback: ((error: Error | null) => void) | undefined;

  constructor(
    private readonly text: string,
    private readonly body: Buffer,
    done: (error: Error | null) => void,
  ) {
    this.callback = done;
  }

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    for (let at = 0; at < this.body.length; at += CHUNK_BYTES) connection.sendCopyFromChunk(this.body.subarray(at, at + CHUNK_BYTES));
    connection.endCopyFrom();
  }

  /** An ErrorResponse (the client then forgets this query) or a broken connection: settles now. */
  handleError(error: Error): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    this.settle(null);
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  private settle(error: Error | null): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(error);
  }
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

const CHUNK_BYTES = 64 * 1024;

/** Sends `rows` (COPY text format: tab-separated, one row per line, see copyText) to a `COPY ... FROM STDIN` statement. */
export function copyIn(client: ClientBase, statement: string, rows: string): Promise<void> {
  const body = Buffer.from(rows, 'utf8');
  return new Promise((resolve, reject) => {
    client.query(new CopyIn(statement, body, (error) => (error ? reject(error) : resolve())) as never);
  });
}

const SPECIAL = /[\\\t\n\r]/;

/** A value as COPY's text format writes it: backslash, tab, newline and CR escaped (NUL cannot be sent at all). */
export function copyText(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** NULL in COPY's text format. */
export const COPY_NULL = '\\N';

/** A column value in COPY's text format: null and undefined as NULL, dates as ISO text, numbers and booleans as text. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return COPY_NULL;
  if (typeof value === 'string') return copyText(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
