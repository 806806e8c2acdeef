import { type Credentials, SignerError, sign, TEST_SIGNING_SECRET } from '@acctkit/signer';
import { AccountingError, redactBody, VariantMismatchError } from './accounting-error.js';
import { requestLine } from './request-line.js';
import { type RetryPolicy, retryDelay } from './retry-delay.js';
import type { TokenManager } from './token-manager.js';
import type { Variant } from './variant.js';

/** Waits `ms` milliseconds; rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * How requests are authorized: exactly one of fixed `credentials`, a `tokens` manager (both sign every
 * request), or a `proxyKey` for the acctkit signing proxy (which signs for you).
 */
export type ClientAuth =
  | {
      /** Fixed signing secret and access token. */
      readonly credentials: Credentials;
      readonly tokens?: undefined;
      readonly proxyKey?: undefined;
    }
  | {
      /** A token manager that keeps the access token fresh (and knows the business's country). */
      readonly tokens: TokenManager;
      readonly credentials?: undefined;
      readonly proxyKey?: undefined;
    }
  | {
      /**
       * A key of the acctkit signing proxy (`akp_r_…` read or `akp_w_…` write), sent as `Authorization: Bearer <proxyKey>`; point
       * `baseUrl` at the proxy. Requests are not signed here: the proxy holds the tokens and signs.
       */
      readonly proxyKey: string;
      readonly credentials?: undefined;
      readonly tokens?: undefined;
    };

/** What the transport needs besides the authorization: the variant, fetch, retries, timeout and clocks. */
export interface TransportSettings {
  /** `de` (Variant A) or `pt` (Variant B); tokens of another country's business are refused. */
  readonly variant: Variant;
  /** The fetch to send with (default: the global `fetch`); for tests, `(req) => sandbox.fetch(req)`. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Retries of 429 and 503 for GET, PUT and DELETE (default 3 attempts); `false` turns them off. */
  readonly retry?: RetryPolicy | false | undefined;
  /** Per-attempt timeout in ms until the response headers arrive (default 0: none, as `fetch`). */
  readonly timeoutMs?: number | undefined;
  /** The clock in epoch ms, for `Retry-After` dates (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Random numbers in [0, 1) for backoff jitter (default `Math.random`). */
  readonly random?: (() => number) | undefined;
  /** How to wait between attempts (default `setTimeout`, aborted by the request's signal). */
  readonly sleep?: Sleep | undefined;
}

/** The transport's options: its settings and one way to authorize. */
export type TransportOptions = TransportSettings & ClientAuth;

/** The parts of a `RequestInit` openapi-fetch fills in; any other field is passed on as given. */
type DraftInit = RequestInit & { method: string; headers: Headers; body?: string | undefined };

/**
 * What openapi-fetch builds in place of a `Request` (its `Request` option) while no middleware is
 * registered: the URL and the init, nothing parsed or copied. The transport builds the one real
 * `Request` per attempt, signed and with the signal it needs, so a call costs what a hand-written
 * signed fetch costs. With middleware the client has openapi-fetch build real `Request`s instead.
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

/** A real `Request` (from openapi-fetch with middleware, or one a middleware returned) as a draft. */
async function toDraft(request: Request): Promise<Draft> {
  return new Draft(request.url, {
    method: request.method,
    headers: new Headers(request.headers),
    ...(request.body && { body: await request.text() }),
    signal: request.signal,
    redirect: request.redirect,
    keepalive: request.keepalive,
  });
}

/** Methods that are safe to send twice; 429 and 503 are retried only for these. POST never is. */
const idempotent = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;

/** The token `/test` requests carry: the endpoint takes any token, so the caller's real one never goes there. */
const TEST_CREDENTIALS: Credentials = { signingSecret: TEST_SIGNING_SECRET, accessToken: 'TestToken' };

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
 * manager), and retries 429 and 503 for idempotent methods after `Retry-After` or a backoff. With a
 * proxy key it sends the key instead of signing. Error bodies come back with secrets redacted.
 */
export function createTransport(options: TransportOptions): (request: Draft | Request) => Promise<Response> {
  const injected = options.fetch;
  // The global fetch takes the URL and init as they are: building a Request first would make it
  // build a second one.
  const send = (url: string, init: RequestInit): Promise<Response> =>
    injected ? injected(new Request(url, init)) : fetch(url, init);
  const policy = options.retry === false ? { attempts: 1 } : (options.retry ?? {});
  const attempts = Math.max(1, policy.attempts ?? 3);
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 0;
  const { tokens, proxyKey, variant } = options;

  return async (input) => {
    const request = input instanceof Draft ? input : await toDraft(input);
    const { url, method, headers, init } = request;
    const { body } = init;
    const signal = init.signal ?? undefined;
    // The path without the query (which may hold personal data), for error messages and `/test`.
    const path = /^[^:]+:\/\/[^/?#]*([^?#]*)/.exec(url)?.[1] ?? '';
    const test = path.startsWith('/test/');
    if (body !== undefined) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      let creds: (Credentials & { readonly country?: string | undefined }) | undefined;
      if (proxyKey !== undefined) headers.set('Authorization', `Bearer ${proxyKey}`);
      else {
        // `/test` verifies with its published secret and any token.
        creds = test ? TEST_CREDENTIALS : tokens ? await tokens.credentials() : options.credentials;
        const country = creds?.country;
        if (country !== undefined && country !== variant) throw new VariantMismatchError(variant, country);
        try {
          const signed = await sign({ method, url, body }, creds as Credentials);
          for (const name in signed.headers)
            headers.set(name, signed.headers[name as keyof typeof signed.headers]);
        } catch (cause) {
          const code = cause instanceof SignerError ? cause.code : 'CRYPTO_FAILED';
          throw new AccountingError(
            'SIGNING_FAILED',
            `The request could not be signed (${code}): check the signing secret, the access token and the query and body values.`,
            { cause },
          );
        }
      }
      let response = await attemptOnce(
        send,
        url,
        { ...init, method, headers, body: body ?? null },
        signal,
        timeoutMs,
      );
      const status = response.status;
      if (status === 401 && tokens && creds && !test && !refreshed) {
        refreshed = true;
        attempt--;
        await response.body?.cancel();
        await tokens.refresh({ rejected: creds.accessToken });
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
        if (!response.ok) response = await redacted(response);
        requestLine.set(response, `${method} ${path}`);
        return response;
      }
      await response.body?.cancel();
      await sleep(delay, signal);
    }
  };
}

/**
 * An error response whose JSON body has every secret-bearing field replaced by `[redacted]` (the
 * `/test` mismatch report echoes the token and signing key), so neither `{ error }` nor `response`
 * hands a secret to a log. Other bodies pass through unread.
 */
async function redacted(response: Response): Promise<Response> {
  if (!/json/i.test(response.headers.get('Content-Type') ?? '')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(JSON.stringify(redactBody(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
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
          () =>
            abort(
              new AccountingError(
                'TIMEOUT',
                `No response within ${timeoutMs} ms: try again later, or raise timeoutMs.`,
              ),
            ),
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
    throw new AccountingError(
      'NETWORK',
      'The request could not be sent or the connection failed: check baseUrl and the network, then try again.',
      { cause },
    );
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
