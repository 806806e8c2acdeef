import { encodeForm } from '@acctkit/signer';

/** A sample request of the API reference, in the `x-codeSamples` form Scalar and Redoc read. */
export interface CodeSample {
  readonly lang: string;
  readonly label: string;
  readonly source: string;
}

/** What a sample needs to know about one signed operation. */
export interface SampleRequest {
  readonly method: string;
  /** Absolute URL with path parameters filled in and no query. */
  readonly url: string;
  /** Whether it is a `/test/…` operation (signed with `TestSigningSecret`). */
  readonly isTest: boolean;
  /** The form body as an object (nested objects become bracketed keys), when the operation has one. */
  readonly form?: Record<string, unknown> | undefined;
}

/** Quotes a value for a POSIX shell (single quotes; an inner `'` becomes `'\''`). */
function sh(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

// Short lines: the reference shows samples in a narrow panel.
const HOW = [
  '# X-Signature is new for every request:',
  '#   base64(HMAC-SHA1(key, base))',
  '# key  = <signing secret>&<access token>',
  '# base = METHOD&pct(url)&pct(params)&pct(nonce)',
  '# with a fresh X-Nonce (see /docs/guide#signing).',
  '# acctkit sign --curl prints it; sh runs it.',
];

/**
 * The samples of a signed operation: `acctkit sign … --curl | sh` and `@acctkit/signer` in
 * JavaScript, both computing `X-Signature` and `X-Nonce` for the request instead of sending a fixed
 * value. Data operations use the demo app's signing secret and `$ACCESS_TOKEN`; `/test/…` operations
 * use `TestSigningSecret` and `TestToken`, as the `/test` endpoint expects.
 */
export function codeSamples(request: SampleRequest, signingSecret: string): CodeSample[] {
  const { method, url, isTest, form } = request;
  const secret = isTest ? 'TestSigningSecret' : signingSecret;
  const body = form === undefined ? undefined : encodeForm(form);
  const shell = [
    ...HOW,
    ...(isTest ? [] : ['# ACCESS_TOKEN: Authorize above, or /oauth2/token']),
    `acctkit sign ${method} \\`,
    `  ${sh(url)} \\`,
    ...(body === undefined ? [] : [`  --body ${sh(body)} \\`]),
    `  --signing-secret ${sh(secret)} \\`,
    `  --token ${isTest ? 'TestToken' : '"$ACCESS_TOKEN"'} --curl | sh`,
  ].join('\n');
  const init = [
    `  method: '${method}',`,
    ...(body === undefined
      ? []
      : [
          "  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },",
          `  body: encodeForm(${JSON.stringify(form)}),`,
        ]),
  ];
  const js = [
    `import { createSignedFetch${body === undefined ? '' : ', encodeForm'} } from '@acctkit/signer';`,
    '',
    '// Signs every request: Authorization, a fresh X-Nonce and the X-Signature of method, URL,',
    '// query and form body (see /docs/guide#signing).',
    'const signedFetch = createSignedFetch({',
    `  signingSecret: '${secret}',`,
    `  accessToken: ${isTest ? "'TestToken'" : 'process.env.ACCESS_TOKEN'},`,
    '});',
    `const response = await signedFetch('${url}', {`,
    ...init,
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
  return [
    { lang: 'shell', label: 'acctkit sign --curl', source: shell },
    { lang: 'javascript', label: '@acctkit/signer', source: js },
  ];
}
