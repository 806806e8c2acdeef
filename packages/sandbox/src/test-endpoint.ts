import { SignerError, verify } from '@acctkit/signer';
import type { Hono } from 'hono';
import { readFormText } from './form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { apiError } from './sandbox-error.js';

/** The signing secret every `/test` request must be signed with (interface spec). */
export const TEST_SIGNING_SECRET = 'TestSigningSecret';

/**
 * `/test/<data path>` (`testSignatureGet`, `testSignaturePost`, `testSignaturePut`,
 * `testSignatureDelete`): checks the signature with `TestSigningSecret` and any token; 200 on a match,
 * 400 with every step on a mismatch. Reads and changes no data, and remembers no nonce.
 */
export function testEndpointRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/test/*', async (c) => {
    const req = c.req.raw;
    const auth = req.headers.get('authorization');
    if (auth === null || auth.trim() === '')
      throw apiError(
        'invalid_request',
        'Missing Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
      );
    if (!/^Bearer +\S+\s*$/i.test(auth))
      throw apiError(
        'invalid_request',
        'Malformed Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
      );
    if ((req.headers.get('x-nonce') ?? '').trim() === '')
      throw apiError('invalid_request', 'Missing X-Nonce header');
    if (req.headers.get('x-signature') === null)
      throw apiError('invalid_request', 'Missing X-Signature header');
    const text =
      req.method === 'POST' || req.method === 'PUT' ? await readFormText(req, state.formLimits) : '';
    let result: Awaited<ReturnType<typeof verify>>;
    try {
      result = await verify(
        { method: req.method, url: req.url, headers: req.headers, body: text === '' ? null : text },
        { signingSecret: TEST_SIGNING_SECRET },
        { revealSecrets: true },
      );
    } catch (cause) {
      if (cause instanceof SignerError)
        throw apiError(
          'invalid_request',
          'The query string or body has a broken % escape or is not UTF-8.',
          cause,
        );
      throw cause;
    }
    if (result.valid) return c.json({ success: true, message: 'Signature is valid' });
    return c.json(
      {
        error: 'invalid_signature',
        error_description: `Signature mismatch (first differing step: ${result.mismatch ?? 'signature'}). Compare each step with your own.`,
        ...result.steps,
      },
      400,
    );
  });
}
