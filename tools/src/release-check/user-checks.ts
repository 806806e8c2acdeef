/**
 * What a user does with the installed packages, each step a check that throws with the transcript
 * when the package does not behave as its README says.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Finished, run, transcript, type UserNode } from './user-shell.ts';

/**
 * The worked example of the interface spec: a contact created with `config_setting=foo` in the query,
 * signed with the test secret and token and a fixed nonce, and its published signature (the signer's
 * test vector in packages/signer/test/sign.test.ts).
 */
export const WORKED_EXAMPLE = {
  method: 'POST',
  url: 'https://api.example.test/accounts/v2/contacts?config_setting=foo',
  body: 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer',
  nonce: 'd6657d14f6d3d9de453ff4b0dc686c6d',
  signingSecret: 'TestSigningSecret',
  accessToken: 'TestToken',
  signature: '5kekELaBwos2znzrajkQmLRQ2Vs=',
} as const;

/** Where a check runs: the user's project, the Node, the shell environment and the packed versions. */
export interface CheckContext {
  readonly project: string;
  readonly node: UserNode;
  readonly env: NodeJS.ProcessEnv;
  /** Versions of the packed packages by name. */
  readonly versions: Readonly<Record<string, string>>;
}

/** One thing a user does; `run` resolves to a short note for the report, or throws. */
export interface Check {
  readonly name: string;
  run(context: CheckContext): Promise<string>;
}

export class CheckFailure extends Error {}

function expectOk(what: string, f: Finished, ok: boolean): void {
  if (!ok) throw new CheckFailure(`${what}\n${transcript(f)}`);
}

/** `npx <bin> …` in the project, on the context's Node. */
function npx(context: CheckContext, args: readonly string[], timeoutMs = 60_000): Promise<Finished> {
  return run('npx', ['--no-install', ...args], { cwd: context.project, env: context.env, timeoutMs });
}

/** A long-running bin started as a user would, until it prints what `ready` matches. */
async function startServer(
  context: CheckContext,
  command: string,
  args: readonly string[],
  ready: RegExp,
): Promise<{ match: RegExpExecArray; output: () => string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(command, args, {
    cwd: context.project,
    env: context.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const match = await new Promise<RegExpExecArray>((done, fail) => {
    const timer = setTimeout(
      () => fail(new CheckFailure(`${command} printed nothing ready in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (d: Buffer): void => {
      output += d.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => fail(new CheckFailure(`${command}: ${error.message}`)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new CheckFailure(`${command} ${args.join(' ')} exited (${code}) before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { match, output: () => output, stop };
}

/** Runs one of the scripts of `project/` (copied into the user's project) on the context's Node. */
async function script(
  context: CheckContext,
  name: string,
  argument: unknown,
): Promise<Record<string, unknown>> {
  const f = await run(context.node.binary, [join(context.project, name), JSON.stringify(argument)], {
    cwd: context.project,
    env: context.env,
    timeoutMs: 120_000,
  });
  expectOk(`node ${name} failed`, f, f.code === 0);
  return JSON.parse(f.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

/** The checks of a lean install: no @acctkit/sandbox, nothing compiled. */
export const leanChecks: readonly Check[] = [
  {
    name: 'npx acctkit --version',
    async run(context) {
      const f = await npx(context, ['acctkit', '--version']);
      const want = context.versions['@acctkit/cli'];
      expectOk(`expected ${want}`, f, f.code === 0 && f.stdout.trim() === want);
      return f.stdout.trim();
    },
  },
  {
    name: 'acctkit sign of the worked example gives the published signature',
    async run(context) {
      const e = WORKED_EXAMPLE;
      const f = await npx(context, [
        'acctkit',
        'sign',
        e.method,
        e.url,
        '--body',
        e.body,
        '--signing-secret',
        e.signingSecret,
        '--token',
        e.accessToken,
        '--nonce',
        e.nonce,
      ]);
      expectOk(
        `expected X-Signature: ${e.signature}`,
        f,
        f.code === 0 && f.stdout.includes(`X-Signature: ${e.signature}`),
      );
      return e.signature;
    },
  },
  {
    name: 'npx acctkit-proxy --help',
    async run(context) {
      const f = await npx(context, ['acctkit-proxy', '--help']);
      expectOk('expected its usage', f, f.code === 0 && f.stdout.startsWith('Usage: acctkit-proxy'));
      return 'usage printed';
    },
  },
  {
    name: 'npx acctkit-mcp --version',
    async run(context) {
      const f = await npx(context, ['acctkit-mcp', '--version']);
      const want = context.versions['@acctkit/mcp-server'];
      expectOk(`expected ${want}`, f, f.code === 0 && f.stdout.trim().endsWith(want ?? '?'));
      return f.stdout.trim();
    },
  },
  {
    name: 'acctkit-mcp --sandbox without @acctkit/sandbox installed says how to install it',
    async run(context) {
      const f = await npx(context, ['acctkit-mcp', '--sandbox']);
      expectOk(
        'expected a non-zero exit naming the command that installs @acctkit/sandbox',
        f,
        f.code !== 0 && f.stderr.includes('npm install @acctkit/sandbox'),
      );
      return f.stderr.trim().split('\n')[0]?.slice(0, 100) ?? '';
    },
  },
  {
    name: 'an ESM script imports @acctkit/signer, @acctkit/client and @acctkit/token-vault',
    async run(context) {
      const r = await script(context, 'esm-check.mjs', WORKED_EXAMPLE);
      const ok =
        r.signerSignature === WORKED_EXAMPLE.signature &&
        r.clientSigned === true &&
        typeof r.clientData === 'string' &&
        r.vaultSealed === true &&
        r.vaultOpened === true &&
        r.vaultStorage === true;
      if (!ok) throw new CheckFailure(`unexpected results: ${JSON.stringify(r)}`);
      return 'signed, sent, sealed';
    },
  },
];

/** Starts `command args` with the MCP SDK's client over stdio: `initialize`, then `tools/list`. */
export async function mcpHandshake(
  context: CheckContext,
  command: string,
  args: readonly string[],
): Promise<{ server: string; tools: string[] }> {
  const r = await script(context, 'mcp-check.mjs', { command, args });
  const server = r.server as { name?: string; version?: string } | undefined;
  const tools = Array.isArray(r.tools) ? (r.tools as string[]) : [];
  if (!server?.name || !tools.includes('list_contacts'))
    throw new CheckFailure(`expected a server that lists list_contacts: ${JSON.stringify(r)}`);
  return { server: `${server.name} ${server.version}`, tools };
}

/** The checks that need @acctkit/sandbox and so better-sqlite3, run on the README's global install. */
export const nativeChecks: readonly Check[] = [
  {
    name: 'acctkit-mcp --sandbox answers initialize and tools/list (MCP SDK client over stdio)',
    async run(context) {
      const { server, tools } = await mcpHandshake(context, 'acctkit-mcp', ['--sandbox']);
      return `${server}, ${tools.length} tools`;
    },
  },
  {
    name: 'acctkit-sandbox --port 0 serves /docs and the Scalar bundle shipped in its tarball',
    async run(context) {
      const server = await startServer(
        context,
        'acctkit-sandbox',
        ['--memory', '--port', '0'],
        /listening on (http:\/\/\S+)/,
      );
      try {
        const response = await fetch(`${server.match[1]}/docs`);
        const body = await response.text();
        if (response.status !== 200 || !/text\/html/.test(response.headers.get('content-type') ?? ''))
          throw new CheckFailure(`GET /docs answered ${response.status}:\n${body.slice(0, 300)}`);
        // The package depends on no Scalar package: the script is the file its build vendors into dist.
        const script = await fetch(`${server.match[1]}/docs/scalar.js`);
        const bytes = (await script.arrayBuffer()).byteLength;
        if (script.status !== 200 || bytes < 1_000_000)
          throw new CheckFailure(`GET /docs/scalar.js answered ${script.status} with ${bytes} bytes`);
        return `GET /docs 200, ${Math.round(body.length / 1000)} kB of HTML; /docs/scalar.js ${(bytes / 1e6).toFixed(1)} MB`;
      } finally {
        await server.stop();
      }
    },
  },
  {
    name: 'acctkit-proxy --sandbox --port 0 forwards a call made with a proxy key',
    async run(context) {
      const server = await startServer(
        context,
        'acctkit-proxy',
        ['--sandbox', '--port', '0'],
        /listening on (http:\/\/\S+)[\s\S]*de\s+read\s+(\S+)/,
      );
      try {
        const response = await fetch(`${server.match[1]}/core/v2/business`, {
          headers: { Authorization: `Bearer ${server.match[2]}` },
        });
        const body = (await response.json()) as { name?: string };
        if (response.status !== 200 || !body.name)
          throw new CheckFailure(
            `GET /core/v2/business answered ${response.status}: ${JSON.stringify(body)}`,
          );
        return `GET /core/v2/business 200 (${body.name})`;
      } finally {
        await server.stop();
      }
    },
  },
];
