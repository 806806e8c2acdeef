import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { diagnosesError } from './sandbox-error.js';

/** Applies injected faults to data requests before anything else runs. */
export function faultMiddleware(state: SandboxState): MiddlewareHandler<SandboxEnv> {
  return async (_c, next) => {
    for (const f of state.faults.take()) {
      if (f.type === 'latency') await new Promise((r) => setTimeout(r, f.latencyMs ?? 1000));
      else if (f.type === '429')
        throw diagnosesError(
          429,
          [{ $dataCode: 'RateLimitExceeded', $message: 'Rate limit exceeded (injected fault)', $source: '' }],
          {
            'Retry-After': String(f.retryAfterSeconds ?? 30),
          },
        );
      else if (f.type === '503')
        throw diagnosesError(
          503,
          [
            {
              $dataCode: 'ServiceUnavailable',
              $message: 'Service unavailable (injected fault)',
              $source: '',
            },
          ],
          {
            'Retry-After': String(f.retryAfterSeconds ?? 30),
          },
        );
      else
        throw diagnosesError(500, [
          { $dataCode: 'InternalError', $message: 'Internal server error (injected fault)', $source: '' },
        ]);
    }
    await next();
  };
}
