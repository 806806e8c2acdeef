/** A source of the current time in epoch milliseconds (or a `Date`). */
export type ClockSource = () => number | Date;

/** The sandbox clock: a source plus an offset the admin API can advance. */
export interface SandboxClock {
  /** Current time in epoch milliseconds, offset applied. */
  now(): number;
  /** Moves the clock forward (or back, with a negative value) by `ms` milliseconds. */
  advance(ms: number): void;
  /** The offset added to the source so far, in milliseconds. */
  readonly offsetMs: number;
}

/** Wraps a clock source (default `Date.now`) into an advanceable {@link SandboxClock}. */
export function createClock(source: ClockSource = Date.now): SandboxClock {
  let offsetMs = 0;
  return {
    now(): number {
      const t = source();
      return (typeof t === 'number' ? t : t.getTime()) + offsetMs;
    },
    advance(ms: number): void {
      offsetMs += ms;
    },
    get offsetMs(): number {
      return offsetMs;
    },
  };
}
