import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelay } from '../src/index.js';

const now = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('Retry-After and backoff', () => {
  it('reads delay-seconds and HTTP dates against the injected clock', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('uses Retry-After when present, and refuses one longer than maxDelayMs', () => {
    expect(retryDelay(1, '2', {}, now, 0.9)).toBe(2000);
    expect(retryDelay(1, '31', {}, now, 0)).toBeUndefined();
    expect(retryDelay(1, '31', { maxDelayMs: 60_000 }, now, 0)).toBe(31_000);
  });

  it('backs off exponentially with jitter in [step/2, step], capped', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelay(1, null, policy, now, 0)).toBe(50);
    expect(retryDelay(1, null, policy, now, 0.999)).toBe(100);
    expect(retryDelay(3, null, policy, now, 0.5)).toBe(300);
    expect(retryDelay(10, null, policy, now, 1)).toBe(1000);
    expect(retryDelay(10, null, policy, now, 0)).toBe(500);
  });
});
