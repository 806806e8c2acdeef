/** A fault the admin API can inject into data requests. */
export interface FaultSpec {
  /** `latency` delays the response; the others answer with that status instead of the handler. */
  readonly type: 'latency' | '429' | '500' | '503';
  /** Apply to the next `count` data requests. */
  readonly count?: number | undefined;
  /** Or apply to this fraction (0–1) of data requests until cleared. */
  readonly rate?: number | undefined;
  /** Delay for `latency`, in milliseconds. Default 1000. */
  readonly latencyMs?: number | undefined;
  /** `Retry-After` seconds for 429 and 503. Default 30. */
  readonly retryAfterSeconds?: number | undefined;
}

interface ActiveFault {
  readonly spec: FaultSpec;
  remaining: number | null;
}

/** Holds injected faults and decides, per request, which apply. */
export class FaultInjector {
  #faults: ActiveFault[] = [];
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  add(spec: FaultSpec): void {
    this.#faults.push({ spec, remaining: spec.count ?? (spec.rate === undefined ? 1 : null) });
  }

  clear(): void {
    this.#faults = [];
  }

  list(): FaultSpec[] {
    return this.#faults.map((f) => ({ ...f.spec, ...(f.remaining === null ? {} : { count: f.remaining }) }));
  }

  /** The faults that hit this request (counted ones are consumed). */
  take(): FaultSpec[] {
    if (this.#faults.length === 0) return NO_FAULTS;
    const hits: FaultSpec[] = [];
    for (const f of this.#faults) {
      if (f.remaining !== null) {
        if (f.remaining > 0) {
          f.remaining--;
          hits.push(f.spec);
        }
      } else if (this.#random() < (f.spec.rate ?? 0)) hits.push(f.spec);
    }
    this.#faults = this.#faults.filter((f) => f.remaining === null || f.remaining > 0);
    return hits;
  }
}

const NO_FAULTS: FaultSpec[] = [];
