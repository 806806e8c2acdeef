/**
 * The signing secret of the service's `/test` endpoints (interface spec): every `/test/<data path>`
 * request is signed with it and any access token, so a signer can be checked without real secrets.
 * Only for `/test`; it signs nothing else.
 *
 * @example
 * ```ts
 * import { sign, TEST_SIGNING_SECRET } from '@acctkit/signer';
 * const s = await sign(
 *   { method: 'GET', url: 'https://api.example.test/test/accounts/v2/contacts' },
 *   { signingSecret: TEST_SIGNING_SECRET, accessToken: 'any-token' },
 * );
 * ```
 */
export const TEST_SIGNING_SECRET = 'TestSigningSecret';
