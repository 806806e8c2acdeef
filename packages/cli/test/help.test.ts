/**
 * `--help` of the bin and of every command, checked for what it must say (options, their meaning,
 * environment variables, examples), not for its whitespace; plus the usage errors parseArgs reports.
 */
import { describe, expect, it } from 'vitest';
import { acctkit } from './helpers.js';

const env = { PATH: process.env.PATH, HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent/config' };
const help = async (...args: string[]): Promise<string> => {
  const r = await acctkit(args, env);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  return r.stdout.replace(/\s+/g, ' ');
};

/** Every option a command's help must list, with words its description must contain. */
const expected: Record<string, { options: Record<string, RegExp>; also: RegExp[] }> = {
  login: {
    options: {
      '--sandbox': /local sandbox/,
      '--base-url URL': /API host/,
      '--auth-url URL': /Authorization host/,
      '--client-id ID': /client_id/,
      '--client-secret S': /client_secret/,
      '--signing-secret S': /signing_secret/,
      '--scope SCOPE': /readonly or full_access/,
      '--name NAME': /Name to store/,
      '--no-browser': /Print the authorization URL/,
    },
    also: [
      /RFC 8252/,
      /127\.0\.0\.1/,
      /state/,
      /ACCTKIT_CLIENT_SECRET/,
      /config\.json/,
      /never the app secrets/,
    ],
  },
  connections: {
    options: { '--json': /JSON array/ },
    also: [
      /connections \[list\]/,
      /connections remove NAME/,
      /connections rename OLD NEW/,
      /never shows a token or a secret/,
    ],
  },
  request: {
    options: {
      '-f, --field key=value': /Form field/,
      '-q, --query key=value': /Query parameter/,
      '-c, --connection NAME': /connection/,
      '--paginate': /every page/,
      '--raw': /exactly as received/,
      '--dry-run': /signing steps and headers/,
    },
    also: [
      /contact\[name\]=Ann/,
      /NDJSON/,
      /\$startIndex/,
      /exit code is 1/,
      /ACCTKIT_CONNECTION/,
      /fresh nonce/,
    ],
  },
  reconcile: {
    options: {
      '--account ID': /bank account of the books/,
      '--book': /unmatched lines that have a proposal/,
      '-y, --yes': /without asking/,
      '--json': /JSON/,
      '-c, --connection NAME': /connection/,
    },
    also: [
      /CAMT\.053/,
      /MT940 \(UTF-8 or Windows-1252\)/,
      /IBAN or account number/,
      /no proposal/,
      /already booked/,
      /book_statement_lines/,
      /StatementReconciliation/,
      /without control characters or escape sequences/,
      /ACCTKIT_CONNECTION/,
    ],
  },
  sign: {
    options: {
      '--body FORM': /Form body/,
      '--signing-secret S': /signing_secret/,
      '--token T': /access token/,
      '--nonce N': /this nonce/,
      '--curl': /curl command/,
      '--explain': /parameter string, base string/,
    },
    also: [/X-Signature/, /X-Nonce/, /Authorization/, /ACCTKIT_TOKEN/, /TestSigningSecret/],
  },
  'debug-signature': {
    options: {
      '--body FORM': /Form body/,
      '--signature SIG': /X-Signature/,
      '--nonce N': /X-Nonce/,
      '--token T': /access token/,
      '--base-string B': /base string your code built/,
      '--offline': /\/test endpoint/,
    },
    also: [
      /\/test/,
      /step/,
      /TestSigningSecret/,
      /Exit code 0 when the signature is valid, 1 when a step differs/,
    ],
  },
};

describe('acctkit --help', () => {
  it('lists every command with its summary, the configuration order and the exit codes', async () => {
    const text = await help('--help');
    for (const name of Object.keys(expected)) expect(text).toContain(` ${name} `);
    expect(text).toMatch(/flags, then ACCTKIT_\* environment variables, then the config file/);
    expect(text).toMatch(/Exit codes: 0 done, 1 .* 2 usage, 3/);
    expect(await help()).toBe(text);
  });

  for (const [command, { options, also }] of Object.entries(expected))
    it(`${command} --help documents every option, its environment and an example`, async () => {
      const text = await help(command, '--help');
      expect(text).toMatch(new RegExp(`^acctkit ${command}: `));
      expect(text).toMatch(new RegExp(`Usage: acctkit ${command} `));
      const section = text.slice(text.indexOf(' Options: '));
      for (const [option, meaning] of Object.entries(options)) {
        const at = section.indexOf(` ${option} `);
        expect(at, option).toBeGreaterThan(-1);
        expect(section.slice(at, at + 160), option).toMatch(meaning);
      }
      for (const pattern of also) expect(text).toMatch(pattern);
      expect(text).toMatch(new RegExp(`Examples: acctkit ${command}`));
      expect(await help('help', command)).toBe(text);
      expect(await help(command, '-h')).toBe(text);
    });
});

describe('usage errors', () => {
  it('an unknown option or command exits 2 and points to --help', async () => {
    const option = await acctkit(['request', 'GET', '/x', '--nope'], env);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/Unknown option '--nope'.*acctkit request --help/);
    const command = await acctkit(['frobnicate'], env);
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/Unknown command 'frobnicate'/);
    const missing = await acctkit(['request', 'GET'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/request takes METHOD PATH/);
    const scope = await acctkit(['login', '--sandbox', '--scope', 'admin'], env);
    expect(scope.code).toBe(2);
    expect(scope.stderr).toMatch(/--scope is readonly or full_access/);
  });
});
