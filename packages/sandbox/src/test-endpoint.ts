import { SignerError, TEST_SIGNING_SECRET, verify } from '@acctkit/signer';
import type { Hono } from 'hono';
import { readFormText } from './parse-form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { malformed, SignatureMismatchError } from './sandbox-error.js';
import { readSignedHeaders } from './signed-headers.js';

/**
 * `/test/<data path>` (`testSignatureGet`, `testSignaturePost`, `testSignaturePut`,
 * `testSignatureDelete`): checks the signature with `TestSigningSecret` and any token; 200 on a match,
 * 400 with every step on a mismatch. Reads and changes no data, and remembers no nonce.
 */
export function testEndpointRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.on(['GET', 'POST', 'PUT', 'DELETE'], '/test/*', async (c) => {
    const req = c.req.raw;
    const { authorization, nonce, signature } = readSignedHeaders(req.headers);
    const text = req.method === 'POST' || req.method === 'PUT' ? await readFormText(c, state.formLimits) : '';
    let result: Awaited<ReturnType<typeof verify>>;
    try {
      result = await verify(
        {
          method: req.method,
          url: req.url,
          headers: { authorization, 'x-nonce': nonce, 'x-signature': signature },
          body: text === '' ? null : text,
        },
        { signingSecret: TEST_SIGNING_SECRET },
        { revealSecrets: true },
      );
    } catch (cause) {
      if (cause instanceof SignerError)
        throw malformed(
          'The query string or body has a broken % escape or is not UTF-8: percent-encode it as UTF-8.',
          cause,
        );
      throw cause;
    }
    if (result.valid) return c.json({ success: true, message: 'Signature is valid' });
    throw new SignatureMismatchError(result.mismatch ?? 'signature', result.steps);
  });
}
