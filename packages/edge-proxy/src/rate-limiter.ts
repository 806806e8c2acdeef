/** Requests allowed per key and window. */
export interface RateLimit {
  /** Requests per window and key. */
  readonly requests: number;
  /** Window length in ms (default 60 000). */
  readonly windowMs?: number | undefined;
}

/**
 * A fixed-window counter per key, in memory: per process on Node, Deno and Bun, per isolate on
 * Workers (an approximate limit there; the service enforces its own per business).
 *
 * @returns `take(id, now)`: `0` when allowed, else the seconds until the window resets.
 */
export function createRateLimiter(limit: RateLimit): (id: string, now: number) => number {
  const windowMs = limit.windowMs ?? 60_000;
  const windows = new Map<string, { start: number; count: number }>();
  return (id, now) => {
    let w = windows.get(id);
    if (!w || now - w.start >= windowMs) {
      // Expired windows of other keys go too, so the map stays as large as the active keys.
      if (windows.size > 10_000)
        for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
      w = { start: now, count: 0 };
      windows.set(id, w);
    }
    if (w.count >= limit.requests) return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    w.count++;
    return 0;
  };
}
