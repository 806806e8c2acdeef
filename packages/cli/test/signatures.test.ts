/**
 * `acctkit sign` and `acctkit debug-signature` as the built bin: sign's headers equal @acctkit/signer's
 * and the sandbox accepts them (data call and /test, also as a ready curl); debug-signature names the
 * step that differs for a wrong secret, a wrong nonce and an unsorted (re-ordered) query, asking the
 * sandbox's /test endpoint for its view.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import { percentEncode, sign } from '@acctkit/signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acctkit, admin, startWorld, type World } from './helpers.js';

let world: World;
let token: string;
beforeAll(async () => {
  world = await startWorld();
  token = (await admin(world, 'tokens', { business: 'de', scope: 'full_access' })).access_token as string;
}, 30_000);
afterAll(() => world?.close());

const run = (...args: string[]) => acctkit(args, world.env());
const TEST = 'TestSigningSecret';

function headersOf(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
  );
}

describe('acctkit sign', () => {
  it('prints exactly the headers @acctkit/signer computes for the same input', async () => {
    const url = `${world.server.url}/accounts/v2/contacts?search=Ann%20Lee&$itemsPerPage=2`;
    const r = await run(
      'sign',
      'get',
      url,
      '--signing-secret',
      'S3cret',
      '--token',
      'T0ken',
      '--nonce',
      'fixed-nonce',
    );
    expect(r.code).toBe(0);
    const expected = await sign(
      { method: 'GET', url, nonce: 'fixed-nonce' },
      { signingSecret: 'S3cret', accessToken: 'T0ken' },
    );
    expect(headersOf(r.stdout)).toEqual(expected.headers);
  });

  it('a fresh nonce each run, and the sandbox accepts the headers for a data call', async () => {
    const url = `${world.server.url}/accounts/v2/contacts?$itemsPerPage=1`;
    const a = await run('sign', 'GET', url, '--signing-secret', DEMO_CLIENT.signingSecret, '--token', token);
    const b = await run('sign', 'GET', url, '--signing-secret', DEMO_CLIENT.signingSecret, '--token', token);
    expect(headersOf(a.stdout)['X-Nonce']).not.toBe(headersOf(b.stdout)['X-Nonce']);
    const res = await fetch(url, { headers: { ...headersOf(a.stdout), 'User-Agent': 'test' } });
    expect(res.status).toBe(200);
    expect((await res.json()).$resources).toHaveLength(1);
  });

  it('--curl with a form body runs as printed and /test accepts it; ACCTKIT_* supply secret and token', async () => {
    const url = `${world.server.url}/test/accounts/v2/contacts`;
    const r = await acctkit(
      ['sign', 'POST', url, '--body', 'contact%5Bname%5D=Ann%20Lee&contact%5Bcontact_type_id%5D=1', '--curl'],
      world.env({ ACCTKIT_SIGNING_SECRET: TEST, ACCTKIT_TOKEN: 'TestToken' }),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -X 'POST' |^curl -X POST /);
    const { stdout } = await promisify(execFile)('sh', ['-c', `${r.stdout.trim()} -s -w ' %{http_code}'`]);
    expect(stdout).toMatch(/Signature is valid.* 200$/);
  });

  it('--explain prints the parameter string and base string the signer builds', async () => {
    const url = `${world.server.url}/test/accounts/v2/contacts?b=2&a=1`;
    const r = await run(
      'sign',
      'GET',
      url,
      '--signing-secret',
      TEST,
      '--token',
      'TestToken',
      '--nonce',
      'n1',
      '--explain',
    );
    const s = await sign(
      { method: 'GET', url, nonce: 'n1' },
      { signingSecret: TEST, accessToken: 'TestToken' },
    );
    expect(r.stdout).toContain(`parameter string: ${s.parameterString}`);
    expect(s.parameterString).toBe('a=1&b=2');
    expect(r.stdout).toContain(`base string:      ${s.baseString}`);
    expect(r.stdout).toContain(`X-Signature: ${s.signature}`);
    expect(r.stdout).not.toContain(`${TEST}&TestToken`);
  });

  it('flags win over ACCTKIT_* variables, which win over the config file profile', async () => {
    await mkdir(`${world.configHome}/acctkit`, { recursive: true });
    await writeFile(
      `${world.configHome}/acctkit/config.json`,
      JSON.stringify({
        defaultProfile: 'production',
        profiles: { production: { signingSecret: 'from-config' } },
      }),
      { mode: 0o600 },
    );
    const url = `${world.server.url}/core/v2/business`;
    const signature = async (signingSecret: string) =>
      (await sign({ method: 'GET', url, nonce: 'n' }, { signingSecret, accessToken: 't' })).signature;
    const base = ['sign', 'GET', url, '--token', 't', '--nonce', 'n'];
    const fromConfig = await acctkit(base, world.env());
    expect(headersOf(fromConfig.stdout)['X-Signature']).toBe(await signature('from-config'));
    const fromEnv = await acctkit(base, world.env({ ACCTKIT_SIGNING_SECRET: 'from-env' }));
    expect(headersOf(fromEnv.stdout)['X-Signature']).toBe(await signature('from-env'));
    const fromFlag = await acctkit(
      [...base, '--signing-secret', 'from-flag'],
      world.env({ ACCTKIT_SIGNING_SECRET: 'from-env' }),
    );
    expect(headersOf(fromFlag.stdout)['X-Signature']).toBe(await signature('from-flag'));
    expect(fromConfig.stderr).toBe('');
    // A config that holds a secret and that others can read is flagged.
    await chmod(`${world.configHome}/acctkit/config.json`, 0o644);
    expect((await acctkit(base, world.env())).stderr).toMatch(/holds a secret and other users can read it/);
    await writeFile(`${world.configHome}/acctkit/config.json`, '{}');
  });

  it('without a secret or token it says which flag or variable is missing (exit 2)', async () => {
    const r = await run('sign', 'GET', `${world.server.url}/x`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--signing-secret \(or ACCTKIT_SIGNING_SECRET\) and --token \(or ACCTKIT_TOKEN\)/,
    );
  });
});

describe('acctkit debug-signature', () => {
  const url = () => `${world.server.url}/test/accounts/v2/contacts?b=2&a=1`;
  const debugArgs = (signature: string, nonce: string, ...more: string[]) => [
    'debug-signature',
    'GET',
    url(),
    '--signature',
    signature,
    '--nonce',
    nonce,
    ...more,
  ];

  it('a valid signature: every step agrees with the service, exit 0 (even with the query re-ordered after signing)', async () => {
    const signed = await sign(
      { method: 'GET', url: `${world.server.url}/test/accounts/v2/contacts?a=1&b=2` },
      { signingSecret: TEST, accessToken: 'TestToken' },
    );
    const r = await run(...debugArgs(signed.signature, signed.nonce));
    expect(r.stdout).toMatch(/Service \(\/test\): the signature is valid/);
    expect(r.stdout).toMatch(/^Valid\./m);
    expect(r.code).toBe(0);
  });

  it('a wrong secret: the base string matches, so the signing key is named; with the secret in ACCTKIT_SIGNING_SECRET it is named as the secret', async () => {
    const signed = await sign(
      { method: 'GET', url: url() },
      { signingSecret: 'MyAppSecret', accessToken: 'TestToken' },
    );
    const withBase = await run(
      ...debugArgs(signed.signature, signed.nonce, '--base-string', signed.baseString),
    );
    expect(withBase.code).toBe(1);
    expect(withBase.stdout).toMatch(/Service \(\/test\): invalid_signature/);
    expect(withBase.stdout).toMatch(/≠ signature/);
    expect(withBase.stdout).toMatch(/^First differing step: signing_key$/m);
    expect(withBase.stdout).toMatch(/signing secret/);

    const viaEnv = await acctkit(
      debugArgs(signed.signature, signed.nonce),
      world.env({ ACCTKIT_SIGNING_SECRET: 'MyAppSecret' }),
    );
    expect(viaEnv.stdout).toMatch(/^First differing step: signing_secret$/m);
    expect(viaEnv.stdout).not.toContain('MyAppSecret');
  });

  it('a wrong nonce: the one signed is not the one sent', async () => {
    const signed = await sign(
      { method: 'GET', url: url(), nonce: 'nonce-signed' },
      { signingSecret: TEST, accessToken: 'TestToken' },
    );
    const r = await run(...debugArgs(signed.signature, 'nonce-sent', '--base-string', signed.baseString));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^First differing step: nonce$/m);
    expect(r.stdout).toMatch(/yours: +nonce-signed/);
    expect(r.stdout).toMatch(/expected: +nonce-sent/);
  });

  it('a re-ordered query: parameters signed in request order instead of sorted, found with or without the base string', async () => {
    const nonce = 'n0nce';
    const baseUrl = `https://${new URL(world.server.url).host}/test/accounts/v2/contacts`;
    const unsorted = `GET&${percentEncode(baseUrl)}&${percentEncode('b=2&a=1')}&${nonce}`;
    const signature = createHmac('sha1', `${TEST}&TestToken`).update(unsorted).digest('base64');
    const guessed = await run(...debugArgs(signature, nonce));
    expect(guessed.code).toBe(1);
    expect(guessed.stdout).toMatch(/^First differing step: parameter_string$/m);
    expect(guessed.stdout).toMatch(/yours: +b=2&a=1/);
    expect(guessed.stdout).toMatch(/expected: +a=1&b=2/);
    // The service's view is shown next to acctkit's, step by step.
    expect(guessed.stdout).toMatch(/parameter_string\n {4}acctkit: a=1&b=2\n {4}service: a=1&b=2/);

    const given = await run(...debugArgs(signature, nonce, '--base-string', unsorted));
    expect(given.stdout).toMatch(/^First differing step: parameter_string$/m);
    expect(given.stdout).toMatch(/another order/);
  });

  it('--offline skips the service; a non-/test URL needs a secret and a token', async () => {
    const r = await run(
      'debug-signature',
      'GET',
      `${world.server.url}/accounts/v2/contacts`,
      '--signature',
      'x',
      '--nonce',
      'n',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--signing-secret/);
    const offline = await run(...debugArgs('x', 'n', '--offline'));
    expect(offline.stdout).toMatch(/Service \(\/test\): not asked/);
  });
});
