/** A use taken from a quota, or how long until one may be. */
export type QuotaTurn = { granted: true; giveBack(): void } | { granted: false; retryAfterSeconds: number };

/**
 * At most `max` uses per key in each sliding window (in memory, per process). A use is taken
 * before the work it allows and given back if that work fails, so concurrent requests cannot all
 * pass a check made before any of them counted.
 */
export class SlidingQuota {
  private readonly uses = new Map<string, number[]>();
  private readonly longestMs: number;

  constructor(
    private readonly windows: readonly { max: number; windowMs: number }[],
    private readonly now: () => number = Date.now,
  ) {
    this.longestMs = Math.max(0, ...windows.map((w) => w.windowMs));
  }

  take(key: string): QuotaTurn {
    const at = this.now();
    const recent = (this.uses.get(key) ?? []).filter((t) => t > at - this.longestMs);
    const wait = Math.max(0, ...this.windows.map(({ max, windowMs }) => {
      const inWindow = recent.filter((t) => t > at - windowMs);
      // The window frees a use when its oldest counted use leaves it.
      return inWindow.length < max ? 0 : Math.ceil((inWindow[inWindow.length - max]! + windowMs - at) / 1000);
    }));
    if (wait > 0) {
      this.uses.set(key, recent);
      return { granted: false, retryAfterSeconds: Math.max(1, wait) };
    }
    recent.push(at);
    this.uses.set(key, recent);
    if (this.uses.size > 100_000) this.prune(at);
    return {
      granted: true,
      giveBack: () => {
        const list = this.uses.get(key);
        const index = list?.lastIndexOf(at) ?? -1;
        if (list && index >= 0) list.splice(index, 1);
      },
    };
  }

  private prune(at: number): void {
    for (const [key, list] of this.uses) {
      if (!list.some((t) => t > at - this.longestMs)) this.uses.delete(key);
    }
  }
}
