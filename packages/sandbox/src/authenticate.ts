import { SignerError, TEST_SIGNING_SECRET, verify } from '@acctkit/signer';
import type { MiddlewareHandler } from 'hono';
import { parseFormBody, readFormText } from './parse-form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { AuthorizationError, malformed, RateLimitedError, RequestError } from './sandbox-error.js';
import { readSignedHeaders } from './signed-headers.js';

const WRITE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Authenticates a data request, in the order DECISIONS.md fixes: `Authorization`, `X-Nonce` and
 * `X-Signature` present (400, the check `/test` shares), token live (401), body readable (400),
 * signature valid (400 `invalid_signature`), nonce unused (400 `invalid_nonce`), scope (403), rate (429).
 */
export function authenticate(state: SandboxState): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const req = c.req.raw;
    const { authorization, token, nonce, signature } = readSignedHeaders(req.headers);

    const now = state.clock.now();
    const grant = state.directory.grant(token, now);
    if (grant === 'expired') throw new AuthorizationError('TOKEN_EXPIRED');
    if (grant === 'invalid') throw new AuthorizationError('TOKEN_INVALID');
    const client = state.directory.client(grant.clientId);
    const business = state.directory.business(grant.businessId);
    if (!client || !business) throw new AuthorizationError('TOKEN_INVALID');

    const hasBody = req.method === 'POST' || req.method === 'PUT';
    const text = hasBody ? await readFormText(c, state.formLimits) : '';
    const form = hasBody ? parseFormBody(text, state.formLimits) : {};
    let valid: boolean;
    try {
      const result = await verify(
        {
          method: req.method,
          url: req.url,
          // Only the three headers the signature covers: cheaper than copying every request header.
          headers: { authorization, 'x-nonce': nonce, 'x-signature': signature },
          body: text === '' ? null : text,
        },
        { signingSecret: client.signingSecret, accessToken: token },
      );
      valid = result.valid;
    } catch (cause) {
      if (cause instanceof SignerError && cause.code === 'MALFORMED_ENCODING')
        throw malformed(
          'The query string has a broken % escape or is not UTF-8: percent-encode it as UTF-8.',
          cause,
        );
      throw cause;
    }
    if (!valid)
      throw new RequestError(
        'INVALID_SIGNATURE',
        `The X-Signature header does not match the request. Check your signer against /test/<path> with the signing secret ${TEST_SIGNING_SECRET}.`,
      );
    if (!state.directory.rememberNonce(nonce, now, state.accessTokenTtlSeconds * 1000))
      throw new RequestError(
        'NONCE_REUSED',
        'The X-Nonce value has already been used: send a new random nonce with every request.',
      );
    if (WRITE.has(req.method) && grant.scope !== 'full_access')
      throw new AuthorizationError('INSUFFICIENT_SCOPE');
    const wait = state.rateLimiter.hit(business.id, now);
    if (wait !== null) throw new RateLimitedError(wait);
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
