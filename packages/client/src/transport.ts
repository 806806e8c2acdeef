import { type Credentials, SignerError, sign } from '@acctkit/signer';
import { AccountingError } from './accounting-error.js';
import type { ClientOptions } from './create-client.js';
import { retryDelay } from './retry-delay.js';
import type { Variant } from './variant.js';

/** Waits `ms` milliseconds; rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What the transport needs of the client's options: credentials, fetch, retries, timeout and clocks. */
export type TransportOptions = Pick<
  ClientOptions<Variant>,
  'credentials' | 'tokens' | 'fetch' | 'retry' | 'timeoutMs' | 'now' | 'random' | 'sleep'
>;

/** The parts of a `RequestInit` openapi-fetch fills in; any other field is passed on as given. */
type DraftInit = RequestInit & { method: string; headers: Headers; body?: string | undefined };

/**
 * What openapi-fetch builds in place of a `Request` (its `Request` option): the URL and the init,
 * nothing parsed or copied. The transport builds the one real `Request` per attempt, signed and with
 * the signal it needs, so a call costs what a hand-written signed fetch costs. `onRequest` middleware
 * sees `url`, `method`, `init` and a mutable `headers` (openapi-fetch accepts no other request object
 * back from it).
 */
export class Draft {
  declare readonly url: string;
  declare readonly init: DraftInit;
  declare readonly method: string;
  declare readonly headers: Headers;
  constructor(url: string, init: DraftInit) {
    this.url = url;
    this.init = init;
    this.method = init.method;
    this.headers = init.headers;
  }
}

/** Methods that are safe to send twice; 429 and 503 are retried only for these. POST never is. */
const idempotent = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;

/** Method and path of the request each response answers, for error messages (`GET /core/v2/me`). */
export const requestLine: WeakMap<Response, string> = new WeakMap();

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Builds the fetch that openapi-fetch sends through. Per attempt it takes fresh credentials, signs
 * with a fresh nonce and sends with a timeout; it refreshes once and re-sends on a 401 (with a token
 * manager), and retries 429 and 503 for idempotent methods after `Retry-After` or a backoff.
 */
export function createTransport(options: TransportOptions): (request: Draft) => Promise<Response> {
  const injected = options.fetch;
  // The global fetch takes the URL and init as they are: building a Request first would make it
  // build a second one.
  const send = (url: string, init: RequestInit): Promise<Response> =>
    injected ? injected(new Request(url, init)) : fetch(url, init);
  const policy = options.retry === false ? { attempts: 1 } : (options.retry ?? {});
  const attempts = Math.max(1, policy.attempts ?? 3);
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 0;

  return async (request) => {
    const { url, method, headers, init } = request;
    const { body } = init;
    const signal = init.signal ?? undefined;
    // The path without the query (which may hold personal data), for error messages and `/test`.
    const path = /^[^:]+:\/\/[^/?#]*([^?#]*)/.exec(url)?.[1] ?? '';
    if (body !== undefined) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      let creds = options.tokens ? await options.tokens.credentials() : (options.credentials as Credentials);
      // The `/test` endpoint verifies with this published secret, whatever the app's own secret is.
      if (path.startsWith('/test/')) creds = { ...creds, signingSecret: 'TestSigningSecret' };
      try {
        const signed = await sign({ method, url, body }, creds);
        for (const name in signed.headers)
          headers.set(name, signed.headers[name as keyof typeof signed.headers]);
      } catch (cause) {
        const code = cause instanceof SignerError ? cause.code : 'CRYPTO_FAILED';
        throw new AccountingError('SIGNING_FAILED', `The request could not be signed (${code}).`, { cause });
      }
      const response = await attemptOnce(
        send,
        url,
        { ...init, method, headers, body: body ?? null },
        signal,
        timeoutMs,
      );
      const status = response.status;
      if (status === 401 && options.tokens && !refreshed) {
        refreshed = true;
        attempt--;
        await response.body?.cancel();
        await options.tokens.refresh({ rejected: creds.accessToken });
        continue;
      }
      const delay =
        (status === 429 || status === 503) && idempotent.test(method) && attempt < attempts
          ? retryDelay(
              attempt,
              response.headers.get('Retry-After'),
              policy,
              (options.now ?? Date.now)(),
              (options.random ?? Math.random)(),
            )
          : undefined;
      if (delay === undefined) {
        requestLine.set(response, `${method} ${path}`);
        return response;
      }
      await response.body?.cancel();
      await sleep(delay, signal);
    }
  };
}

/**
 * Sends one attempt. Without a timeout or a caller's signal it is a plain send. Otherwise one
 * AbortController (only when there is a timeout) is aborted by the timer or the caller's signal,
 * and the send is raced as well, so a fetch that ignores signals still gives up; the timer is
 * cleared as soon as the response headers arrive.
 */
async function attemptOnce(
  send: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  attemptInit: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<Response> {
  const timed = timeoutMs > 0 && Number.isFinite(timeoutMs);
  if (signal?.aborted) throw signal.reason;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    if (!timed && !signal) return await send(url, attemptInit);
    const controller = timed ? new AbortController() : undefined;
    if (controller) attemptInit.signal = controller.signal;
    return await new Promise<Response>((resolve, reject) => {
      const abort = (reason: unknown): void => {
        controller?.abort(reason);
        reject(reason);
      };
      if (timed)
        timer = setTimeout(
          () => abort(new AccountingError('TIMEOUT', `No response within ${timeoutMs} ms.`)),
          timeoutMs,
        );
      if (signal) {
        onAbort = () => abort(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      }
      send(url, attemptInit).then(resolve, reject);
    });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    if (cause instanceof AccountingError) throw cause;
    throw new AccountingError('NETWORK', 'The request could not be sent or the connection failed.', {
      cause,
    });
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
