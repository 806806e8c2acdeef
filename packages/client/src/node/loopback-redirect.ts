import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountingError } from '../accounting-error.js';

/** Options of {@link listenForRedirect}. */
export interface LoopbackRedirectOptions {
  /** The port to listen on (default 0: an ephemeral one, as RFC 8252 §7.3 recommends). */
  readonly port?: number | undefined;
  /** The title of the page the browser is shown (default `acctkit`). */
  readonly title?: string | undefined;
  /** Where the user goes back to, on the page the browser is shown (default `the terminal`). */
  readonly returnTo?: string | undefined;
}

/** A one-shot HTTP listener on `127.0.0.1` for the OAuth redirect (RFC 8252 §7.3). */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUri: string;
  /**
   * Resolves with the first request to `/callback` (its full URL). The browser gets the page that
   * `respond` returns for it. Rejects with an `AccountingError` `TIMEOUT` after `timeoutMs`, or with
   * the signal's reason when `signal` aborts.
   */
  wait(
    respond: (url: URL) => { ok: boolean; message: string },
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<URL>;
  /** Stops listening; a `wait` still pending then never settles (its timer is cleared). */
  close(): Promise<void>;
}

/**
 * Listens on `127.0.0.1` (never `localhost`, which may resolve to another interface) for the OAuth
 * redirect of a native app: `acctkit login` and the local MCP server's `connect_business` both wait
 * on one.
 *
 * @param options - Port (default ephemeral), and the page's title and where it sends the user back to.
 * @returns The listener, with its redirect URI.
 * @throws AccountingError `NETWORK` when the port cannot be bound.
 * @example
 * ```ts
 * import { listenForRedirect } from '@acctkit/client/node';
 * const redirect = await listenForRedirect({ title: 'acctkit login' });
 * // send the user to the authorization URL with redirect.redirectUri, then:
 * const url = await redirect.wait(() => ({ ok: true, message: 'Connected.' }), 300_000);
 * await redirect.close();
 * ```
 */
export async function listenForRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const port = options.port ?? 0;
  const title = options.title ?? 'acctkit';
  const returnTo = options.returnTo ?? 'the terminal';
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
      reject(
        new AccountingError('NETWORK', `Cannot listen on 127.0.0.1:${port} for the redirect.`, { cause }),
      ),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting: (() => void) | undefined;
  return {
    redirectUri: `http://127.0.0.1:${bound}/callback`,
    wait: (respond, timeoutMs, signal) =>
      new Promise<URL>((resolve, reject) => {
        const aborted = (): void => {
          stop();
          reject(signal?.reason);
        };
        const stop = (): void => {
          onCallback = undefined;
          clearTimeout(timer);
          signal?.removeEventListener('abort', aborted);
        };
        stopWaiting = stop;
        if (signal?.aborted) return aborted();
        signal?.addEventListener('abort', aborted, { once: true });
        timer = setTimeout(() => {
          stop();
          reject(
            new AccountingError(
              'TIMEOUT',
              `No answer from the browser within ${Math.round(timeoutMs / 1000)} s.`,
            ),
          );
        }, timeoutMs);
        onCallback = (url, reply) => {
          stop();
          const { ok, message } = respond(url);
          reply(ok ? 200 : 400, page(ok, message, title, returnTo));
          resolve(url);
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        // Another answer (a paste) may have won: the timer must not keep the process alive.
        stopWaiting?.();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(ok: boolean, message: string, title: string, returnTo: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto"><main><h1>${ok ? 'Connected' : 'Not connected'}</h1><p>${escapeHtml(message)}</p><p>You can close this tab and return to ${escapeHtml(returnTo)}.</p></main></body></html>`;
}
