/** A fixed one-minute window per business (DECISIONS G21: 200 requests per minute per business). */
export class RateLimiter {
  readonly #limit: number;
  readonly #windows = new Map<number, { start: number; count: number }>();

  constructor(limitPerMinute: number) {
    this.#limit = limitPerMinute;
  }

  /** `null` when allowed, else the seconds until the window resets. */
  hit(businessId: number, now: number): number | null {
    if (this.#limit <= 0) return null;
    let w = this.#windows.get(businessId);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.#windows.set(businessId, w);
    }
    w.count++;
    return w.count > this.#limit ? Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)) : null;
  }

  reset(): void {
    this.#windows.clear();
  }
}
