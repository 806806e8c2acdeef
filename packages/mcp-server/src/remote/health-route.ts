import type { Hono } from 'hono';
import { PACKAGE_VERSION } from '../generated/version.js';

/** What `GET /healthz` answers. */
export interface HealthStatus {
  /** Always `ok`: the server answers requests. */
  readonly status: 'ok';
  /** The version of `@acctkit/mcp-server` that runs. */
  readonly version: string;
}

/**
 * `GET /healthz`: `{ status: "ok", version }`, without a token and without touching storage or the
 * accounting service, so a container's or load balancer's check costs nothing and says which version
 * answers.
 */
export function healthRoute(app: Hono): void {
  const body: HealthStatus = { status: 'ok', version: PACKAGE_VERSION };
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
