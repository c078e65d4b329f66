import { readFile, stat } from 'node:fs/promises';
import { parseSotaSummits, type SotaSummitList } from '@hamlog/domain/award-tracking/sota';
import type { Logger } from '../observability/logger';

const RECHECK_MS = 60_000;

/**
 * SOTA's summit list (summitslist.csv, as SOTA publishes it) from a file the operator keeps
 * (SOTA_SUMMITS_FILE, by default DATA_DIR/sota/summitslist.csv): read on first use and again when
 * the file changes (looked at once a minute at most). Without a readable list there are no points.
 */
export class SotaSummitFile {
  private loaded: { mtimeMs: number; list: SotaSummitList } | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<SotaSummitList | null> | null = null;

  constructor(
    private readonly file: string,
    private readonly logger?: Logger,
  ) {}

  list(): Promise<SotaSummitList | null> {
    if (Date.now() - this.checkedAt < RECHECK_MS) return Promise.resolve(this.loaded?.list ?? null);
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<SotaSummitList | null> {
    this.checkedAt = Date.now();
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(this.file)).mtimeMs;
    } catch {
      this.loaded = null;
      return null;
    }
    if (this.loaded?.mtimeMs === mtimeMs) return this.loaded.list;
    try {
      this.loaded = { mtimeMs, list: parseSotaSummits(await readFile(this.file, 'utf8')) };
      this.logger?.info({ file: this.file, summits: this.loaded.list.size }, 'SOTA summit list read');
    } catch (error) {
      this.logger?.warn({ err: error, file: this.file }, 'SOTA summit list unreadable: no chaser points');
      this.loaded = null;
    }
    return this.loaded?.list ?? null;
  }
}
