/** Stable codes of {@link ProxyError}: each is also the `error` field of the proxy's JSON answer. */
export type ProxyErrorCode =
  | 'not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_request'
  | 'not_connected'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'token_refresh_failed'
  | 'invalid_configuration';

const statusOf: Record<ProxyErrorCode, number> = {
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 400,
  not_connected: 503,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  token_refresh_failed: 502,
  invalid_configuration: 500,
};

/**
 * What the proxy refuses or fails with. Its `code` picks the HTTP status and is the `error` field of
 * the JSON body (`{ error, error_description }`, the service's own `ApiError` shape); messages never
 * carry a key, token or secret.
 *
 * @example
 * ```ts
 * import { createProxy, ProxyError } from '@acctkit/edge-proxy';
 * import { createMemoryStorage } from '@acctkit/token-vault';
 * try {
 *   createProxy({
 *     upstream: { baseUrl: 'ftp://nowhere', clientId: 'c', clientSecret: 's', signingSecret: 'x' },
 *     storage: createMemoryStorage(),
 *     encryptionKeys: [],
 *   });
 * } catch (err) {
 *   if (err instanceof ProxyError && err.code === 'invalid_configuration') console.error(err.message);
 * }
 * ```
 */
export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  readonly code: ProxyErrorCode;
  readonly status: number;
  /** Seconds to wait, for `rate_limited`. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ProxyErrorCode,
    message: string,
    options?: { readonly cause?: unknown; readonly retryAfter?: number | undefined },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = statusOf[code];
    this.retryAfter = options?.retryAfter;
  }
}
