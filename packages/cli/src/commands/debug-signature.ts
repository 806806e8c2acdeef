import { sign, TEST_SIGNING_SECRET } from '@acctkit/signer';
import { CliError } from '../cli-error.js';
import { type Command, positionals, stringValue } from '../command.js';
import { profileSigningSecret } from '../config.js';
import type { Io } from '../io.js';
import { diagnose } from '../signature-diagnosis.js';
import { terminalText } from '../terminal-text.js';
import { USER_AGENT } from '../version.js';

/** The steps compared with the service's view, in the order they are built. */
const STEPS = [
  'request_method',
  'base_url',
  'parameter_string',
  'nonce',
  'signature_base_string',
  'signature',
] as const;
type Step = (typeof STEPS)[number];

/** What the `/test` endpoint said about the captured request. */
type ServiceView =
  | { readonly kind: 'valid' }
  | { readonly kind: 'mismatch'; readonly steps: Partial<Record<Step, string>> }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'skipped'; readonly message: string };

/** `acctkit debug-signature`: where a captured request's signature goes wrong, step by step. */
export const debugSignature: Command = {
  name: 'debug-signature',
  summary: 'find the step where a captured request’s signature goes wrong',
  usage: [
    'debug-signature METHOD URL [--body FORM] --signature SIG --nonce N [--token T] [--signing-secret S] [--base-string B] [--offline]',
  ],
  description: [
    'Recomputes a captured request (its method, URL, form body, X-Signature, X-Nonce and token) locally with @acctkit/signer, sends it as captured to the service’s /test endpoint when the URL is a /test/… URL (the service then reports its view of every step), and prints each step side by side, marking where they differ, then names the first step that is wrong.',
    'Without --base-string the usual mistakes are tried one at a time (parameters not sorted, the query or body left out, form-encoding, http in the base URL, a lower-case method, the nonce left out, items not encoded, another secret, an encoded token); give the base string your code built to compare it item by item.',
    'The signing secret is --signing-secret, else TestSigningSecret for a /test/… URL (the only one /test accepts), else ACCTKIT_SIGNING_SECRET or the config profile’s. The token is --token, else ACCTKIT_TOKEN, else TestToken for /test/…. Exit code 0 when the signature is valid, 1 when a step differs.',
  ],
  options: {
    body: { type: 'string', value: 'FORM', description: 'Form body as sent.' },
    signature: { type: 'string', value: 'SIG', description: 'The X-Signature that was sent.' },
    nonce: { type: 'string', value: 'N', description: 'The X-Nonce that was sent.' },
    token: { type: 'string', value: 'T', description: 'The access token that was sent.' },
    'signing-secret': {
      type: 'string',
      value: 'S',
      description: 'The signing secret it should have been signed with.',
    },
    'base-string': { type: 'string', value: 'B', description: 'The signature base string your code built.' },
    offline: { type: 'boolean', description: 'Do not ask the service’s /test endpoint.' },
    profile: {
      type: 'string',
      value: 'P',
      description: 'Config file profile to take the signing secret from.',
    },
  },
  environment: {
    ACCTKIT_SIGNING_SECRET: 'signing_secret',
    ACCTKIT_TOKEN: 'access token',
    ACCTKIT_PROFILE: 'config file profile',
  },
  examples: [
    'acctkit debug-signature GET "http://127.0.0.1:4010/test/accounts/v2/contacts?b=2&a=1" --signature "k2N…=" --nonce abc123 --token TestToken',
    "acctkit debug-signature POST http://127.0.0.1:4010/test/accounts/v2/contacts --body 'contact%5Bname%5D=Ann' --signature … --nonce … --base-string 'POST&https%3A…'",
  ],
  async run(args, io) {
    const [method, url] = positionals(args, this, ['METHOD', 'URL']) as [string, string];
    const signature = stringValue(args, 'signature');
    const nonce = stringValue(args, 'nonce');
    if (!signature || !nonce)
      throw new CliError('USAGE', 'debug-signature needs --signature and --nonce, as sent.');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new CliError('USAGE', 'URL must be absolute: http(s)://host/path.');
    }
    const isTest = parsed.pathname.startsWith('/test/');
    const fromProfile = await profileSigningSecret(io, stringValue(args, 'profile'));
    const configured = io.env.ACCTKIT_SIGNING_SECRET || fromProfile;
    const secret = stringValue(args, 'signing-secret') || (isTest ? TEST_SIGNING_SECRET : configured);
    const token = stringValue(args, 'token') || io.env.ACCTKIT_TOKEN || (isTest ? 'TestToken' : undefined);
    if (!secret || !token)
      throw new CliError(
        'USAGE',
        `debug-signature needs ${secret ? '' : '--signing-secret (or ACCTKIT_SIGNING_SECRET) '}${token ? '' : '--token (or ACCTKIT_TOKEN)'}`.trim() +
          '.',
      );
    const body = stringValue(args, 'body');
    const local = await sign(
      { method, url, body: body ?? null, nonce },
      { signingSecret: secret, accessToken: token },
    );
    const service: ServiceView =
      args.values.offline === true
        ? { kind: 'skipped', message: 'not asked (--offline)' }
        : isTest
          ? await askService(io, { method, url, body, signature, nonce, token })
          : {
              kind: 'skipped',
              message: 'only /test/… URLs, signed with TestSigningSecret, can be checked there',
            };

    const ours: Record<Step, string> = {
      request_method: method.toUpperCase(),
      base_url: local.baseUrl,
      parameter_string: local.parameterString,
      nonce,
      signature_base_string: local.baseString,
      signature: local.signature,
    };
    const lines = [
      `Signature as sent: ${signature}`,
      `Recomputed with: ${secret === TEST_SIGNING_SECRET ? 'TestSigningSecret' : 'the signing secret given (not shown)'} and the token given (not shown).`,
      '',
    ];
    lines.push(
      `Each step as acctkit computes it${service.kind === 'mismatch' ? ', as the service (/test) computed it' : ''}, and as you sent${stringValue(args, 'base-string') === undefined ? '' : ' and built'} it:`,
    );
    const yours = clientSteps(signature, stringValue(args, 'base-string'));
    let serviceDiffers: Step | undefined;
    for (const step of STEPS) {
      const theirs = service.kind === 'mismatch' ? service.steps[step] : undefined;
      const serviceOff = theirs !== undefined && theirs !== ours[step];
      if (serviceOff && step !== 'signature') serviceDiffers ??= step;
      const mine = yours[step];
      const differs = serviceOff || (mine !== undefined && mine !== ours[step]);
      lines.push(`${differs ? '≠' : ' '} ${step}`, `    acctkit: ${ours[step] || '(empty)'}`);
      if (theirs !== undefined) lines.push(`    service: ${theirs || '(empty)'}`);
      if (mine !== undefined) lines.push(`    yours:   ${mine || '(empty)'}`);
    }
    lines.push(
      '',
      `Service (/test): ${
        service.kind === 'valid'
          ? 'the signature is valid'
          : service.kind === 'mismatch'
            ? 'invalid_signature'
            : service.message
      }`,
    );

    const otherSecrets = [TEST_SIGNING_SECRET, configured, stringValue(args, 'signing-secret')].filter(
      (s): s is string => Boolean(s),
    );
    const found = serviceDiffers
      ? {
          step: serviceDiffers,
          explanation:
            'The service built this step differently from the request it received than acctkit did from your input: the request changed on its way (URL normalisation, a proxy, re-encoding).',
          yours: ours[serviceDiffers],
          expected: service.kind === 'mismatch' ? service.steps[serviceDiffers] : undefined,
        }
      : diagnose(
          { method, url, body, signature, nonce, token, baseString: stringValue(args, 'base-string') },
          local,
          secret,
          otherSecrets,
        );
    // Right for the secret given, yet refused by /test: the secret given is not the one /test uses.
    const verdict =
      found.step === null && service.kind === 'mismatch'
        ? {
            step: 'signing_secret' as const,
            explanation:
              'The signature is right for the signing secret given, but /test/… checks with TestSigningSecret.',
            yours: undefined,
            expected: undefined,
          }
        : found;
    if (verdict.step === null) {
      lines.push('', `Valid. ${verdict.explanation}`);
      io.stdout.write(`${terminalText(lines.join('\n'))}\n`);
      return 0;
    }
    lines.push('', `First differing step: ${verdict.step}`, `  ${verdict.explanation}`);
    if (verdict.yours !== undefined) lines.push(`  yours:    ${verdict.yours || '(empty)'}`);
    if (verdict.expected !== undefined) lines.push(`  expected: ${verdict.expected || '(empty)'}`);
    io.stdout.write(`${terminalText(lines.join('\n'))}\n`);
    return 1;
  },
};

/** The steps the client's side shows: the signature it sent, and the items of its base string if given. */
function clientSteps(signature: string, baseString: string | undefined): Partial<Record<Step, string>> {
  const steps: Partial<Record<Step, string>> = { signature };
  if (baseString === undefined) return steps;
  steps.signature_base_string = baseString;
  const items = baseString.split('&');
  if (items.length !== 4) return steps;
  const [method, baseUrl, params, nonce] = items.map((item) => {
    try {
      return decodeURIComponent(item);
    } catch {
      return item;
    }
  }) as [string, string, string, string];
  return { ...steps, request_method: method, base_url: baseUrl, parameter_string: params, nonce };
}

async function askService(
  io: Io,
  r: {
    method: string;
    url: string;
    body: string | undefined;
    signature: string;
    nonce: string;
    token: string;
  },
): Promise<ServiceView> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${r.token}`,
    'X-Signature': r.signature,
    'X-Nonce': r.nonce,
    Accept: '*/*',
    'User-Agent': USER_AGENT,
  };
  if (r.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  let response: Response;
  try {
    response = await (io.fetch ?? fetch)(
      new Request(r.url, { method: r.method.toUpperCase(), headers, body: r.body ?? null }),
    );
  } catch {
    return { kind: 'error', message: 'could not be reached; compared locally only' };
  }
  const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (response.ok) return { kind: 'valid' };
  if (response.status === 400 && json?.error === 'invalid_signature') {
    const steps: Partial<Record<Step, string>> = {};
    for (const step of STEPS) if (typeof json[step] === 'string') steps[step] = json[step] as string;
    return { kind: 'mismatch', steps };
  }
  const what =
    typeof json?.error === 'string' ? `${json.error}: ${String(json.error_description ?? '')}` : '';
  return { kind: 'error', message: `answered ${response.status}${what ? ` (${what})` : ''}` };
}
