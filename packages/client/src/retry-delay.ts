/** How failed attempts are spaced; see {@link retryDelay}. */
export interface RetryPolicy {
  /** Attempts in total, the first included (default 3; 1 turns retries off). */
  readonly attempts?: number | undefined;
  /** First backoff step without `Retry-After`, in ms (default 500); doubles per attempt. */
  readonly baseDelayMs?: number | undefined;
  /** Longest wait, in ms (default 30 000). A `Retry-After` asking for longer is not retried. */
  readonly maxDelayMs?: number | undefined;
}

/**
 * Reads a `Retry-After` header: delay-seconds (`120`) or an HTTP date.
 *
 * @param value - The header value, or `null` when absent.
 * @param now - The current time in epoch ms (for the date form).
 * @returns The wait in ms (never negative), or `undefined` when absent or unreadable.
 * @example
 * ```ts
 * import { parseRetryAfter } from '@acctkit/client';
 * parseRetryAfter('2', Date.now()); // 2000
 * ```
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // IMF-fixdate and the obsolete forms all contain a letter; a bare number that is not an integer
  // (`1.5`, `-1`) is invalid per RFC 9110 and ignored.
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before the next attempt: `Retry-After` when the server sent one, else exponential backoff
 * with jitter (`step/2 + random·step/2`, `step = baseDelayMs·2^(attempt-1)`, capped at `maxDelayMs`).
 *
 * @param attempt - The attempt that just failed, from 1.
 * @param retryAfter - The `Retry-After` header, or `null`.
 * @param policy - Delays (defaults as in {@link RetryPolicy}).
 * @param now - Current time in epoch ms (default `Date.now()`).
 * @param random - A number in [0, 1) (default `Math.random()`).
 * @returns The delay in ms, or `undefined` when the server asks for longer than `maxDelayMs`.
 * @example
 * ```ts
 * import { retryDelay } from '@acctkit/client';
 * retryDelay(1, '3', {}); // 3000
 * retryDelay(2, null, { baseDelayMs: 100 }, Date.now(), 0.5); // 150
 * ```
 */
export function retryDelay(
  attempt: number,
  retryAfter: string | null,
  policy: RetryPolicy,
  now: number = Date.now(),
  random: number = Math.random(),
): number | undefined {
  const max = policy.maxDelayMs ?? 30_000;
  const asked = parseRetryAfter(retryAfter, now);
  if (asked !== undefined) return asked > max ? undefined : asked;
  const step = Math.min(max, (policy.baseDelayMs ?? 500) * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random * step) / 2);
}
