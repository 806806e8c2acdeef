import { type Credentials, SignerError, sign } from '@acctkit/signer';
import { AccountingError } from './accounting-error.js';
import { type RetryPolicy, retryDelay } from './retry-delay.js';
import type { TokenManager } from './token-manager.js';

/** Waits `ms` milliseconds; rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What the transport needs: credentials, the fetch to send with, retries, timeout and clocks. */
export interface TransportOptions {
  readonly credentials?: Credentials | undefined;
  readonly tokens?: TokenManager | undefined;
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  readonly retry?: RetryPolicy | false | undefined;
  readonly timeoutMs?: number | undefined;
  readonly now?: (() => number) | undefined;
  readonly random?: (() => number) | undefined;
  readonly sleep?: Sleep | undefined;
}

/** Methods that are safe to send twice; 429 and 503 are retried only for these. POST never is. */
const idempotent = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** The `/test` endpoint verifies with this published secret, whatever the app's own secret is. */
const testSigningSecret = 'TestSigningSecret';

/** Method and path of the request each response answers, for error messages (`GET /core/v2/me`). */
export const requestLine: WeakMap<Response, string> = new WeakMap();

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Builds the fetch that openapi-fetch sends through. Per attempt it takes fresh credentials, signs
 * with a fresh nonce and sends with a timeout; it refreshes once and re-sends on a 401 (with a token
 * manager), and retries 429 and 503 for idempotent methods after `Retry-After` or a backoff.
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const policy = options.retry === false ? { attempts: 1 } : (options.retry ?? {});
  const attempts = Math.max(1, policy.attempts ?? 3);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;

  async function credentialsFor(url: URL): Promise<Credentials> {
    const creds = options.tokens ? await options.tokens.credentials() : (options.credentials as Credentials);
    return url.pathname.startsWith('/test/') ? { ...creds, signingSecret: testSigningSecret } : creds;
  }

  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const signal = request.signal;
    const body = request.body ? await request.text() : undefined;
    const headers = new Headers(request.headers);
    if (body !== undefined) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const creds = await credentialsFor(url);
      let signed: Awaited<ReturnType<typeof sign>>;
      try {
        signed = await sign({ method, url, body }, creds);
      } catch (cause) {
        const code = cause instanceof SignerError ? cause.code : 'CRYPTO_FAILED';
        throw new AccountingError('SIGNING_FAILED', `The request could not be signed (${code}).`, { cause });
      }
      const attemptHeaders = new Headers(headers);
      for (const [name, value] of Object.entries(signed.headers)) attemptHeaders.set(name, value);
      const response = await sendWithTimeout(
        send,
        url,
        { method, headers: attemptHeaders, body: body ?? null, redirect: request.redirect },
        signal,
        options.timeoutMs ?? 30_000,
      );
      if (response.status === 401 && options.tokens && !refreshed) {
        refreshed = true;
        attempt--;
        await response.body?.cancel();
        await options.tokens.refresh({ rejected: creds.accessToken });
        continue;
      }
      if (
        (response.status === 429 || response.status === 503) &&
        idempotent.has(method) &&
        attempt < attempts
      ) {
        const delay = retryDelay(attempt, response.headers.get('Retry-After'), policy, now(), random());
        if (delay === undefined) {
          requestLine.set(response, `${method} ${url.pathname}`);
          return response;
        }
        await response.body?.cancel();
        await sleep(delay, signal);
        continue;
      }
      requestLine.set(response, `${method} ${url.pathname}`);
      return response;
    }
  };
}

/**
 * Sends one request, giving up after `timeoutMs` (`TIMEOUT`) or when the caller's signal aborts (its
 * reason is thrown). Races the fetch as well as aborting it, so a fetch that ignores signals still
 * times out.
 */
async function sendWithTimeout(
  send: (request: Request) => Promise<Response>,
  url: URL,
  init: RequestInit,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Response> {
  if (signal.aborted) throw signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  let rejectRace: (reason: unknown) => void = () => {};
  const race = new Promise<never>((_, reject) => {
    rejectRace = reject;
  });
  const abort = (reason: unknown): void => {
    controller.abort(reason);
    rejectRace(reason);
  };
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          abort(new AccountingError('TIMEOUT', `No response within ${timeoutMs} ms.`));
        }, timeoutMs)
      : undefined;
  const onAbort = (): void => abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([send(new Request(url, { ...init, signal: controller.signal })), race]);
  } catch (cause) {
    if (timedOut) throw new AccountingError('TIMEOUT', `No response within ${timeoutMs} ms.`, { cause });
    if (signal.aborted) throw signal.reason;
    if (cause instanceof AccountingError) throw cause;
    throw new AccountingError('NETWORK', 'The request could not be sent or the connection failed.', {
      cause,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
