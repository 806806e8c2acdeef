import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';

/** Options of {@link startServer}: the sandbox options plus where to listen. */
export interface ServerOptions extends SandboxOptions {
  /**
   * Enables the admin API under `/_sandbox/` with this bearer token; `'random'` generates one
   * (32 random bytes, hex), returned as {@link RunningServer.adminToken}. Default: off.
   */
  readonly adminToken?: string | undefined;
  /** Port; 0 picks a free one. Default 4010. */
  readonly port?: number | undefined;
  /** Interface to bind. Default `127.0.0.1`. */
  readonly host?: string | undefined;
}

/** A sandbox listening on a real port. */
export interface RunningServer {
  readonly sandbox: Sandbox;
  /** Base URL, for example `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly port: number;
  /** The admin API's bearer token (the generated one for `adminToken: 'random'`), or undefined when off. */
  readonly adminToken: string | undefined;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

/**
 * Starts a sandbox on a Node HTTP server.
 *
 * @example
 * ```ts
 * import { startServer } from '@acctkit/sandbox';
 * const server = await startServer({ port: 0, database: ':memory:', adminToken: 'random' });
 * console.log(server.url, server.adminToken);
 * await server.close();
 * ```
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const adminToken = options.adminToken === 'random' ? randomBytes(32).toString('hex') : options.adminToken;
  const sandbox = createSandbox({ ...options, adminToken });
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 4010, hostname: host },
      (info: AddressInfo) => {
        const shownHost = host.includes(':') ? `[${host}]` : host;
        resolve({
          sandbox,
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          adminToken,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                sandbox.close();
                done();
              });
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', (err) => {
      sandbox.close();
      reject(err);
    });
  });
}
