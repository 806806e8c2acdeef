import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { InjectedFaultError, RateLimitedError } from './sandbox-error.js';

/** Applies injected faults to data requests before anything else runs. */
export function faultMiddleware(state: SandboxState): MiddlewareHandler<SandboxEnv> {
  return async (_c, next) => {
    for (const f of state.faults.take()) {
      if (f.type === 'latency') await new Promise((r) => setTimeout(r, f.latencyMs ?? 1000));
      else if (f.type === '429') throw new RateLimitedError(f.retryAfterSeconds ?? 30, true);
      else throw new InjectedFaultError(f.type === '503' ? 503 : 500, f.retryAfterSeconds ?? 30);
    }
    await next();
  };
}
