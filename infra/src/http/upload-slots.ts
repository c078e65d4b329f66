/**
 * How many uploads a process reads at once (decision 0048), per caller (a user; an address when
 * nobody is signed in) and in all. A request takes its slot before its body is read and gives it
 * back when its answer is over or its connection drops. Beyond the bounds it waits its turn where
 * the rules allow waiting (a bounded line, for a bounded time), else it is refused: 429 when the
 * caller's own bound is reached, 503 when the process's is.
 */
import type { Request, RequestHandler, Response } from 'express';
import { tooManyUploadsAtOnce, UPLOADS_BUSY } from '@hamlog/domain';

export interface UploadSlotRules {
  perCaller: number;
  total: number;
  /** What a refused request is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Requests that may wait for a slot instead of being refused at once (per caller, in all), and for how long. */
  waiting?: { perCaller: number; total: number; ms: number };
}

export type UploadTurn = { granted: true; release: () => void } | { granted: false; status: 429 | 503; retryAfterSeconds: number };

interface Waiter {
  caller: string;
  wake: () => void;
}

export class UploadSlots {
  private readonly readingBy = new Map<string, number>();
  private reading = 0;
  private readonly line: Waiter[] = [];

  constructor(readonly rules: UploadSlotRules) {}

  /** The caller's turn: at once, after waiting in line (`signal` gives the place up), or refused. */
  async take(caller: string, signal?: AbortSignal): Promise<UploadTurn> {
    if (this.isFree(caller)) return this.grant(caller);
    const waiting = this.rules.waiting;
    if (!waiting) return this.refusal(this.readingOf(caller) >= this.rules.perCaller ? 429 : 503);
    if (this.line.filter((w) => w.caller === caller).length >= waiting.perCaller) return this.refusal(429);
    if (this.line.length >= waiting.total) return this.refusal(503);
    // Granted when woken (in the same turn of the loop as the release that made room), else null.
    const turn = await new Promise<UploadTurn | null>((resolve) => {
      const waiter: Waiter = { caller, wake: () => settle(this.grant(caller)) };
      const timer = setTimeout(() => settle(null), waiting.ms);
      const settle = (granted: UploadTurn | null) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
        resolve(granted);
      };
      const giveUp = () => settle(null);
      signal?.addEventListener('abort', giveUp, { once: true });
      this.line.push(waiter);
      if (signal?.aborted) giveUp();
    });
    return turn ?? this.refusal(this.readingOf(caller) >= this.rules.perCaller ? 429 : 503);
  }

  /** Uploads being read now (all, or the caller's). */
  inUse(caller?: string): number {
    return caller === undefined ? this.reading : this.readingOf(caller);
  }

  private isFree(caller: string): boolean {
    return this.reading < this.rules.total && this.readingOf(caller) < this.rules.perCaller;
  }

  private grant(caller: string): UploadTurn {
    this.reading += 1;
    this.readingBy.set(caller, this.readingOf(caller) + 1);
    let released = false;
    return {
      granted: true,
      release: () => {
        if (released) return;
        released = true;
        this.reading -= 1;
        const left = this.readingOf(caller) - 1;
        if (left > 0) this.readingBy.set(caller, left);
        else this.readingBy.delete(caller);
        // The first in line whose caller may go now (a caller at its own bound lets the others pass).
        this.line.find((w) => this.isFree(w.caller))?.wake();
      },
    };
  }

  private refusal(status: 429 | 503): UploadTurn {
    return { granted: false, status, retryAfterSeconds: this.rules.retryAfterSeconds };
  }

  private readingOf(caller: string): number {
    return this.readingBy.get(caller) ?? 0;
  }
}

/** Who an upload counts against: the signed-in user, else the client's address. */
function callerOf(req: Request, res: Response): string {
  const userId: unknown = res.locals.userId;
  return typeof userId === 'string' ? `user:${userId}` : `address:${req.ip ?? ''}`;
}

/**
 * Middleware: takes an upload slot before the body is read (after the caller is known), and gives
 * it back when the answer is over or the connection drops, or earlier once the body is in
 * (releaseUploadSlot: an answer that then waits for work holds no slot). A refusal carries Retry-After and goes
 * on as the error `refusal` makes, so each upload answers in its own shape.
 */
export function takeUploadSlot(slots: UploadSlots, refusal: (status: 429 | 503, message: string) => Error): RequestHandler {
  return (req, res, next) => {
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once('close', leave);
    slots.take(callerOf(req, res), gone.signal).then((turn) => {
      res.off('close', leave);
      if (!turn.granted) {
        if (gone.signal.aborted) return;
        res.setHeader('Retry-After', String(turn.retryAfterSeconds));
        next(refusal(turn.status, turn.status === 429 ? tooManyUploadsAtOnce(slots.rules.perCaller) : UPLOADS_BUSY));
        return;
      }
      if (gone.signal.aborted) return turn.release();
      res.once('close', turn.release);
      res.locals.uploadSlot = turn.release;
      next();
    }, next);
  };
}

/** Gives the request's upload slot back now: its body has been received. */
export function releaseUploadSlot(res: Response): void {
  (res.locals.uploadSlot as (() => void) | undefined)?.();
}
