import { SignerError, verify } from '@acctkit/signer';
import type { MiddlewareHandler } from 'hono';
import { parseFormBody, readFormText } from './form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { apiError, diagnosesError } from './sandbox-error.js';

const WRITE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Authenticates a data request, in the order DECISIONS.md fixes: `Authorization` (400 when missing or
 * not `Bearer`), `X-Nonce` and `X-Signature` present (400), token live (401), body readable (400),
 * signature valid (400 `invalid_signature`), nonce unused (400 `invalid_nonce`), scope (403), rate (429).
 */
export function authenticate(state: SandboxState): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const req = c.req.raw;
    const header = req.headers.get('authorization');
    if (header === null || header.trim() === '')
      throw apiError(
        'invalid_request',
        'Missing Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
      );
    const token = /^Bearer +(\S+)\s*$/i.exec(header)?.[1];
    if (token === undefined)
      throw apiError(
        'invalid_request',
        'Malformed Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
      );
    const nonce = req.headers.get('x-nonce');
    if (nonce === null || nonce.trim() === '')
      throw apiError('invalid_nonce', 'Missing X-Nonce header: send a unique random value per request.');
    if (nonce.length > 256)
      throw apiError('invalid_nonce', 'The X-Nonce header is longer than 256 characters.');
    const signature = req.headers.get('x-signature');
    if (signature === null)
      throw apiError(
        'invalid_request',
        'Missing X-Signature header: sign the request (see the /test endpoint).',
      );

    const now = state.clock.now();
    const grant = state.directory.grant(token, now);
    if (!grant)
      throw diagnosesError(
        401,
        [{ $dataCode: 'AuthorizationFailure', $message: 'Access Denied', $source: '' }],
        {
          'WWW-Authenticate':
            'Bearer error="invalid_token", error_description="The access token is unknown, expired or revoked"',
        },
      );
    const client = state.directory.client(grant.clientId);
    const business = state.directory.business(grant.businessId);
    if (!client || !business)
      throw diagnosesError(
        401,
        [{ $dataCode: 'AuthorizationFailure', $message: 'Access Denied', $source: '' }],
        {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        },
      );

    const hasBody = req.method === 'POST' || req.method === 'PUT';
    const text = hasBody ? await readFormText(req, state.formLimits) : '';
    const form = hasBody ? parseFormBody(text, state.formLimits) : {};
    let valid: boolean;
    try {
      const result = await verify(
        {
          method: req.method,
          url: req.url,
          // Only the three headers the signature covers: cheaper than copying every request header.
          headers: { authorization: header, 'x-nonce': nonce, 'x-signature': signature },
          body: text === '' ? null : text,
        },
        { signingSecret: client.signingSecret, accessToken: token },
      );
      valid = result.valid;
    } catch (cause) {
      if (cause instanceof SignerError && cause.code === 'MALFORMED_ENCODING')
        throw apiError('invalid_request', 'The query string has a broken % escape or is not UTF-8.', cause);
      throw cause;
    }
    if (!valid)
      throw apiError(
        'invalid_signature',
        'The X-Signature header does not match the request. Check your signer against /test/<path> with the signing secret TestSigningSecret.',
      );
    if (!state.directory.rememberNonce(nonce, now, state.accessTokenTtlSeconds * 1000))
      throw apiError('invalid_nonce', 'The X-Nonce value has already been used.');
    if (WRITE.has(req.method) && grant.scope !== 'full_access')
      throw diagnosesError(403, [
        {
          $dataCode: 'InsufficientScope',
          $message: 'This access token has the readonly scope; writes need full_access.',
          $source: '',
        },
      ]);
    const wait = state.rateLimiter.hit(business.id, now);
    if (wait !== null)
      throw diagnosesError(
        429,
        [{ $dataCode: 'RateLimitExceeded', $message: 'Rate limit exceeded', $source: '' }],
        {
          'Retry-After': String(wait),
        },
      );
    c.set('auth', {
      business,
      variant: business.country,
      userId: grant.userId,
      scope: grant.scope,
      clientId: client.clientId,
    });
    c.set('form', form);
    await next();
  };
}
