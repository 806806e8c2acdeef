/**
 * Usage errors in acctkit's own words: a mistyped command, action or option gets the nearest name by
 * edit distance; a missing value, a value given to a switch, a missing or extra argument and a bad
 * number are each named; every one exits 2 and points to the command's help. Node's own parser text
 * never shows.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { acctkit } from './helpers.js';

const env = { PATH: process.env.PATH, HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent/config' };

/** Runs the CLI in-process and returns its exit code and stderr. */
async function usage(...argv: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const code = await run(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env,
  });
  return { code, stderr, stdout };
}

describe('did you mean', () => {
  it('`acctkit conections` suggests connections, from the bin, with exit code 2', async () => {
    const r = await acctkit(['conections'], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "acctkit: Unknown command 'conections'. Did you mean 'connections'? Run `acctkit --help` for the list.\n",
    );
  });

  it('`acctkit request --pagniate` suggests --paginate, in our words and not parseArgs’ text', async () => {
    const r = await acctkit(['request', 'GET', '/accounts/v2/contacts', '--pagniate'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "acctkit: Unknown option '--pagniate'. Did you mean '--paginate'? Run `acctkit request --help`.\n",
    );
    expect(r.stderr).not.toMatch(/ERR_PARSE_ARGS|To specify a positional argument/);
  });

  it.each([
    [['logn'], "Unknown command 'logn'. Did you mean 'login'?"],
    [['requets', 'GET', '/x'], "Unknown command 'requets'. Did you mean 'request'?"],
    [['debug-sig'], "Unknown command 'debug-sig'. Did you mean 'debug-signature'?"],
    [['help', 'sing'], "Unknown command 'sing'. Did you mean 'sign'?"],
    [['login', '--sandbx'], "Unknown option '--sandbx'. Did you mean '--sandbox'?"],
    [['login', '--no-brwoser'], "Unknown option '--no-brwoser'. Did you mean '--no-browser'?"],
    [['request', 'GET', '/x', '--dryrun'], "Unknown option '--dryrun'. Did you mean '--dry-run'?"],
    [['request', 'GET', '/x', '-paginate'], "Unknown option '-paginate'. Did you mean '--paginate'?"],
    [['connections', 'lst'], "Unknown action 'lst'. Did you mean 'list'?"],
    [['connections', 'renmae', 'a', 'b'], "Unknown action 'renmae'. Did you mean 'rename'?"],
  ])('%j → %s', async (argv, message) => {
    const r = await usage(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`acctkit: ${message}`);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('names far from every command or option get no suggestion', async () => {
    const command = await usage('frobnicate');
    expect(command.stderr).toBe(
      "acctkit: Unknown command 'frobnicate'. Run `acctkit --help` for the list.\n",
    );
    const option = await usage('request', 'GET', '/x', '--nope');
    expect(option.stderr).toBe("acctkit: Unknown option '--nope'. Run `acctkit request --help`.\n");
    const dashed = await usage('--sandbox');
    expect(dashed.stderr).toMatch(/^acctkit: Unknown command '--sandbox'\. Run/);
  });

  it('an unknown option’s inline value is never echoed (it may be a secret given to a mistyped name)', async () => {
    const r = await usage('sign', 'GET', 'https://x.test/a', '--signing-secrt=s3cr3t-value');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--signing-secrt'. Did you mean '--signing-secret'?");
    expect(r.stderr).not.toContain('s3cr3t-value');
  });
});

describe('parse errors in our own words, each pointing to the command’s help', () => {
  it.each([
    [
      ['request', 'GET', '/x', '--connection'],
      "Option '--connection' needs a value: --connection NAME. Run `acctkit request --help`.",
    ],
    [
      ['login', '--sandbox', '--name', '--no-browser'],
      "Option '--name' needs a value, but '--no-browser' looks like an option: write --name=NAME when the value does start with '-'. Run `acctkit login --help`.",
    ],
    [
      ['request', 'GET', '/x', '--paginate=yes'],
      "Option '--paginate' is a switch and takes no value. Run `acctkit request --help`.",
    ],
    [['request', 'GET'], 'request takes METHOD PATH; PATH is missing. Run `acctkit request --help`.'],
    [['sign'], 'sign takes METHOD URL; METHOD and URL are missing. Run `acctkit sign --help`.'],
    [
      ['request', 'GET', '/x', 'extra'],
      "request takes METHOD PATH, but got one more: 'extra'. An option's value goes right after its name; quote a value with spaces. Run `acctkit request --help`.",
    ],
    [['login', '--sandbox', 'now'], "login takes no arguments, but got one more: 'now'."],
    [
      ['login', '--sandbox', '--timeout', 'soon'],
      "--timeout takes a number of seconds, 1 or more, not 'soon'. Run `acctkit login --help`.",
    ],
    [
      ['login', '--sandbox', '--port', '99999'],
      "--port takes a port number from 0 to 65535 (0: any free port), not '99999'. Run `acctkit login --help`.",
    ],
    [
      ['login', '--sandbox', '--port', '80.5'],
      "--port takes a port number from 0 to 65535 (0: any free port), not '80.5'.",
    ],
    [
      ['login', '--sandbox', '--scope', 'admin'],
      "--scope is readonly or full_access, not 'admin'. Run `acctkit login --help`.",
    ],
    [['connections', 'remove'], 'connections remove takes NAME. Run `acctkit connections --help`.'],
  ])('%j', async (argv, message) => {
    const r = await usage(...argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`acctkit: ${message}`);
    expect(r.stderr.match(/--help/g)).toHaveLength(1);
  });

  it('a long extra argument is not quoted back: it may be a token given without its option', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.a-long-access-token-value';
    const r = await usage('sign', 'GET', 'https://x.test/a', token);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`but got one more: a ${token.length}-character argument.`);
    expect(r.stderr).not.toContain(token);
  });

  it('-q $itemsPerPage with --paginate is a whole number from 1 to 200, checked before any connection is read', async () => {
    const r = await usage('request', 'GET', '/accounts/v2/contacts', '--paginate', '-q', '$itemsPerPage=500');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "acctkit: -q $itemsPerPage takes a whole number from 1 to 200 with --paginate, not '500'. Run `acctkit request --help`.\n",
    );
  });
});
