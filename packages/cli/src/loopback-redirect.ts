import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError } from './cli-error.js';

/** A one-shot HTTP listener on `127.0.0.1` for the OAuth redirect (RFC 8252 §7.3). */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUri: string;
  /**
   * Resolves with the first request to `/callback` (its full URL). The browser gets the page that
   * `respond` returns for it. Rejects after `timeoutMs`.
   */
  wait(respond: (url: URL) => { ok: boolean; message: string }, timeoutMs: number): Promise<URL>;
  /** Stops listening; a `wait` still pending then never settles (its timer is cleared). */
  close(): Promise<void>;
}

/**
 * Listens on `127.0.0.1` (never `localhost`, which may resolve to another interface) at `port`
 * (0: an ephemeral one, as RFC 8252 §7.3 recommends).
 *
 * @throws CliError `LOGIN` when the port cannot be bound.
 */
export async function listenForRedirect(port = 0): Promise<LoopbackRedirect> {
  let onCallback: ((url: URL, reply: (status: number, html: string) => void) => void) | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback' || !onCallback) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    onCallback(url, (status, html) => {
      res
        .writeHead(status, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          // The page shows no third-party content and runs no script.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
          Connection: 'close',
        })
        .end(html);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause) =>
      reject(new CliError('LOGIN', `Cannot listen on 127.0.0.1:${port} for the redirect.`, { cause })),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    redirectUri: `http://127.0.0.1:${bound}/callback`,
    wait: (respond, timeoutMs) =>
      new Promise<URL>((resolve, reject) => {
        timer = setTimeout(() => {
          onCallback = undefined;
          reject(
            new CliError(
              'LOGIN',
              `No answer from the browser within ${Math.round(timeoutMs / 1000)} s; run login again.`,
            ),
          );
        }, timeoutMs);
        onCallback = (url, reply) => {
          onCallback = undefined;
          clearTimeout(timer);
          const { ok, message } = respond(url);
          reply(ok ? 200 : 400, page(ok, message));
          resolve(url);
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        // Another answer (a paste) may have won: the timer must not keep the process alive.
        clearTimeout(timer);
        onCallback = undefined;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function page(ok: boolean, message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>acctkit login</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto"><main><h1>${ok ? 'Connected' : 'Not connected'}</h1><p>${escaped}</p><p>You can close this tab and return to the terminal.</p></main></body></html>`;
}
