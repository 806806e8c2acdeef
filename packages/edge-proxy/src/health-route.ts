import { Hono } from 'hono';
import { PACKAGE_VERSION } from './generated/version.js';
import type { ProxyEnv } from './proxy-env.js';

/** What `GET /healthz` answers. */
export interface HealthStatus {
  /** Always `ok`: the process serves requests. */
  readonly status: 'ok';
  /** The version of `@acctkit/edge-proxy` that runs. */
  readonly version: string;
}

/**
 * `GET /healthz`: `{ status: "ok", version }`, without a key and without calling the service or
 * storage, so a load balancer's or container's check proves the proxy serves and says which version
 * does, and costs nothing upstream.
 *
 * @returns A Hono app with the one route, to mount at `/`.
 */
export function healthRoute(): Hono<ProxyEnv> {
  const app = new Hono<ProxyEnv>();
  const body: HealthStatus = { status: 'ok', version: PACKAGE_VERSION };
  app.get('/healthz', (c) => {
    c.header('cache-control', 'no-store');
    return c.json(body);
  });
  return app;
}
