import { SignerError, type SignResult, sign } from '@acctkit/signer';
import type { Context } from 'hono';
import { checkProxyKey } from './check-proxy-key.js';
import type { ConnectionTokens } from './connection-tokens.js';
import { forwardRequestHeaders, forwardResponseHeaders } from './forward-headers.js';
import { hmacSha1 } from './hmac-sha1.js';
import { dataRouteOf, matchRoute } from './match-route.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import type { ProxyStore } from './proxy-store.js';
import { readLimitedBody } from './read-limited-body.js';

/** What the data handler needs, resolved once from the proxy's options. */
export interface ForwardConfig {
  readonly baseUrl: string;
  readonly store: ProxyStore;
  readonly tokens: ConnectionTokens;
  /** An injected fetch; the global one when `undefined`. */
  readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  readonly bodyLimit: number;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly takeRate: ((id: string, now: number) => number) | undefined;
  readonly now: () => number;
}

// Path and query of an absolute URL, read without parsing so that nothing is normalised or decoded
// again; the host part (which may come from a caller's `Host` or an absolute-form target) is skipped.
const targetParts = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/;
const form = /^application\/x-www-form-urlencoded(?:\s*;|$)/i;

/**
 * Forwards one data request: allow-list, key, scope, rate limit, body, signature, upstream call with
 * one refresh on a 401, and the answer streamed back. Every refusal is thrown as a `ProxyError`
 * before anything is sent.
 */
export async function forwardRequest(c: Context<ProxyEnv>, config: ForwardConfig): Promise<Response> {
  const request = c.req.raw;
  const method = request.method;
  const [, path = '', search = ''] = targetParts.exec(request.url) ?? [];
  const anyVariant = dataRouteOf(method, path);
  if (!anyVariant) throw new ProxyError('not_found', 'No data operation has this method and path.');
  c.set('route', anyVariant.route.template);

  const key = await checkProxyKey(request.headers.get('authorization'), config.store);
  c.set('keyId', key.id);
  c.set('connection', key.connection);
  const connection = await config.store.getConnection(key.connection);
  // Removing a connection removes its keys; a request racing that removal finds neither.
  if (!connection)
    throw new ProxyError(
      'unauthorized',
      "This proxy key is not known here: check it, or ask the proxy's admin for one.",
    );
  // The allow-list was checked for any variant above; only the other variant's table is tried again.
  const route =
    anyVariant.variant === connection.variant
      ? anyVariant.route
      : matchRoute(connection.variant, method, path);
  if (!route)
    throw new ProxyError(
      'not_found',
      `No data operation of variant ${connection.variant} has this method and path.`,
    );
  c.set('operation', route.operationId);
  c.set('route', route.template);
  if (key.scope === 'read' && method !== 'GET')
    throw new ProxyError(
      'forbidden',
      `This is a read key (akp_r_…): it can only send GET requests. ${method} needs a write key (akp_w_…) from the proxy's admin.`,
    );
  if (config.takeRate) {
    const wait = config.takeRate(key.id, config.now());
    if (wait > 0)
      throw new ProxyError('rate_limited', 'Too many requests with this key.', { retryAfter: wait });
  }

  let body: string | undefined;
  if (method === 'POST' || method === 'PUT') {
    if (!form.test(request.headers.get('content-type') ?? ''))
      throw new ProxyError('unsupported_media_type', 'Send the body as application/x-www-form-urlencoded.');
    body = await readLimitedBody(c, config.bodyLimit);
  }
  const url = `${config.baseUrl}${route.path}${search}`;
  const headers = forwardRequestHeaders(request.headers, config.userAgent);
  if (body !== undefined) headers.set('content-type', 'application/x-www-form-urlencoded');

  for (let attempt = 0; ; attempt++) {
    const creds = await config.tokens.credentials(connection.id);
    let signed: SignResult;
    try {
      signed = await sign({ method, url, body }, creds, hmacSha1);
    } catch (cause) {
      if (
        cause instanceof SignerError &&
        (cause.code === 'MALFORMED_ENCODING' || cause.code === 'INVALID_BODY')
      )
        throw new ProxyError('invalid_request', 'The query or body is not valid form encoding.', { cause });
      throw cause;
    }
    headers.set('authorization', signed.headers.Authorization);
    headers.set('x-signature', signed.headers['X-Signature']);
    headers.set('x-nonce', signed.headers['X-Nonce']);
    const response = await send(config, url, { method, headers, body: body ?? null });
    if (response.status === 401 && attempt === 0) {
      await response.body?.cancel();
      await config.tokens.refresh(connection.id, creds.accessToken);
      continue;
    }
    // `X-Request-Id` is added by the request log, as on every other answer.
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: forwardResponseHeaders(response.headers),
    });
  }
}

/**
 * Sends upstream, giving up after `timeoutMs` without response headers. The global fetch takes the
 * URL and init as they are and honours the signal; an injected fetch gets a `Request` and is raced
 * against the timer too, in case it ignores signals. The timer aborts the signal and settles the race
 * itself: no listener is added to the signal beside the one fetch adds.
 */
async function send(config: ForwardConfig, url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  let giveUp: ((reason: Error) => void) | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    giveUp?.(new Error('timeout'));
  }, config.timeoutMs);
  try {
    const signal = controller.signal;
    if (!config.fetch) return await fetch(url, { ...init, signal });
    const answer = config.fetch(new Request(url, { ...init, signal }));
    return await Promise.race([
      answer,
      new Promise<never>((_, reject) => {
        giveUp = reject;
      }),
    ]);
  } catch (cause) {
    if (timedOut)
      throw new ProxyError('upstream_timeout', `The service did not answer within ${config.timeoutMs} ms.`);
    throw new ProxyError('upstream_unreachable', 'The service could not be reached.', { cause });
  } finally {
    clearTimeout(timer);
  }
}
