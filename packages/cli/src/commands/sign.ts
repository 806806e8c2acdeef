import { sign as signRequest } from '@acctkit/signer';
import { CliError } from '../cli-error.js';
import { type Command, positionals, stringValue } from '../command.js';
import { profileSigningSecret } from '../config.js';
import { signedHeaderLines, signingSteps } from '../signing-steps.js';
import { USER_AGENT } from '../version.js';

/** `acctkit sign`: the signed headers of one request, or a ready `curl`. */
export const sign: Command = {
  name: 'sign',
  summary: 'print the signed headers (or a curl command) for one request',
  usage: ['sign METHOD URL [--body FORM] --signing-secret S --token T [--nonce N] [--curl] [--explain]'],
  description: [
    'Signs METHOD and URL (with its query) and the form body FORM (application/x-www-form-urlencoded, exactly as it will be sent) with @acctkit/signer, and prints the Authorization, X-Signature and X-Nonce headers. These carry the token you gave, since you asked for them; nothing else prints a token.',
    'The nonce is fresh unless --nonce fixes one (the service accepts each nonce once). --curl prints a ready curl command instead; --explain also prints the four signing steps: the base string with its parameter string, the signing key (redacted), the signature and the headers.',
    'The signing secret is --signing-secret, else ACCTKIT_SIGNING_SECRET, else the config profile’s (--profile, ACCTKIT_PROFILE, "defaultProfile"); the token is --token, else ACCTKIT_TOKEN. Requests to /test/… must be signed with TestSigningSecret.',
  ],
  options: {
    body: { type: 'string', value: 'FORM', description: 'Form body as sent, e.g. contact%5Bname%5D=Ann.' },
    'signing-secret': {
      type: 'string',
      value: 'S',
      description: 'The app’s signing_secret (TestSigningSecret for /test/…).',
    },
    token: { type: 'string', value: 'T', description: 'The access token.' },
    nonce: { type: 'string', value: 'N', description: 'Use this nonce instead of a fresh one.' },
    curl: { type: 'boolean', description: 'Print a ready-to-run curl command.' },
    explain: { type: 'boolean', description: 'Also print the parameter string, base string and every step.' },
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
    'acctkit sign GET "http://127.0.0.1:4010/test/accounts/v2/contacts?search=Ann" --signing-secret TestSigningSecret --token TestToken',
    "acctkit sign POST http://127.0.0.1:4010/test/accounts/v2/contacts --body 'contact%5Bname%5D=Ann' --signing-secret TestSigningSecret --token TestToken --curl",
  ],
  async run(args, io) {
    const [method, url] = positionals(args, this, ['METHOD', 'URL']) as [string, string];
    const fromProfile = await profileSigningSecret(io, stringValue(args, 'profile'));
    const signingSecret = stringValue(args, 'signing-secret') || io.env.ACCTKIT_SIGNING_SECRET || fromProfile;
    const token = stringValue(args, 'token') || io.env.ACCTKIT_TOKEN;
    if (!signingSecret || !token)
      throw new CliError(
        'USAGE',
        `sign needs ${[signingSecret ? '' : '--signing-secret (or ACCTKIT_SIGNING_SECRET)', token ? '' : '--token (or ACCTKIT_TOKEN)'].filter(Boolean).join(' and ')}.`,
      );
    if (!/^https?:\/\/[^/]/i.test(url))
      throw new CliError('USAGE', 'URL must be absolute: http(s)://host/path.');
    const body = stringValue(args, 'body');
    const signed = await signRequest(
      { method, url, body: body ?? null, nonce: stringValue(args, 'nonce') },
      { signingSecret, accessToken: token },
    );
    const lines: string[] = [];
    if (args.values.explain === true) lines.push(...signingSteps(method, signed, 'show'), '');
    if (args.values.curl === true) lines.push(curl(method, url, body, signedHeaderLines(signed, 'show')));
    else if (args.values.explain !== true) lines.push(...signedHeaderLines(signed, 'show'));
    io.stdout.write(`${lines.join('\n').trimEnd()}\n`);
    return 0;
  },
};

/** A curl command line with every argument single-quoted for POSIX shells. */
function curl(method: string, url: string, body: string | undefined, headers: readonly string[]): string {
  const parts = ['curl', '-X', method.toUpperCase(), quote(url)];
  for (const h of [...headers, 'Accept: */*', `User-Agent: ${USER_AGENT}`]) parts.push('-H', quote(h));
  if (body !== undefined)
    parts.push('-H', quote('Content-Type: application/x-www-form-urlencoded'), '--data-raw', quote(body));
  return parts.join(' ');
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
