// The MCP Bundle of acctkit-mcp (tools/src/mcpb/), packed once with the official mcpb CLI, unpacked into
// an empty folder and started as a host starts it: the manifest's command and arguments with the user's
// settings filled in by mcpb's own getMcpConfigForManifest (the code Claude Desktop loads bundles
// with), spoken to over stdio by the MCP SDK's client. Needs the built @acctkit/mcp-server (npm test
// builds before the unit tests).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, sep } from 'node:path';
import { listTools } from '@acctkit/mcp-server';
import { ENV_VARIABLES } from '@acctkit/mcp-server/node';
import { getMcpConfigForManifest, type McpbManifestAny } from '@anthropic-ai/mcpb/browser';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltBundle, buildBundle, mcpb } from '../src/mcpb/build-bundle.ts';
import { bundleEnvVariables } from '../src/mcpb/bundle-manifest.ts';

const ADMIN_TOKEN = 'mcpb-bundle-admin';
let work: string;
let built: BuiltBundle;
let unpacked: string;
let manifest: McpbManifestAny;
let sandbox: { url: string; process: ChildProcess };

/**
 * The machine's Node, the one the workspace was installed with (better-sqlite3, which the sandbox
 * loads, is built for it): the first `node` on PATH outside a node_modules/.bin, where tools' node24
 * package puts a Node 24 that vitest itself may run on.
 */
function workspaceNode(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (!dir.includes('node_modules') && existsSync(join(dir, 'node'))) return join(dir, 'node');
  return 'node';
}

/** A sandbox on a free port in a child process of {@link workspaceNode}; resolves once it listens. */
function startSandbox(): Promise<{ url: string; process: ChildProcess }> {
  const script = `import { startServer } from '@acctkit/sandbox';
const s = await startServer({ port: 0, database: ':memory:', adminToken: ${JSON.stringify(ADMIN_TOKEN)} });
process.stdout.write(s.url + '\\n');`;
  const child = spawn(workspaceNode(), ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /^(http:\/\/\S+)\n/m.exec(out)?.[1];
      if (url) resolve({ url, process: child });
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${err}`)));
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'acctkit-mcpb-'));
  built = buildBundle({ file: join(work, 'acctkit-mcp.mcpb'), stage: join(work, 'stage') });
  unpacked = join(work, 'installed');
  mcpb(['unpack', built.file, unpacked]);
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as McpbManifestAny;
  sandbox = await startSandbox();
});

afterAll(async () => {
  sandbox?.process.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Environment-mode settings for the sandbox's `de` business with the demo app's credentials: a new
 * refresh token each time, since the first refresh rotates it.
 */
async function demo(): Promise<Record<string, string>> {
  const minted = (await (
    await fetch(`${sandbox.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ business: 'de' }),
    })
  ).json()) as Record<string, string | number>;
  return {
    base_url: sandbox.url,
    country: 'de',
    client_id: String(minted.client_id),
    client_secret: String(minted.client_secret),
    signing_secret: String(minted.signing_secret),
    refresh_token: String(minted.refresh_token),
  };
}

/** The command a host runs for these settings, from the unpacked manifest. */
async function hostConfig(userConfig: Record<string, string | boolean>) {
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: unpacked,
    systemDirs: {},
    userConfig,
    pathSeparator: sep,
  });
  if (!config) throw new Error('mcpb found no MCP config for these settings');
  // The host's own environment (no ACCTKIT_* of this machine, an empty home) plus the manifest's.
  const home = mkdtempSync(join(work, 'home-'));
  const env: Record<string, string> = { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  for (const name of ['PATH', 'SystemRoot', 'TEMP', 'TMP']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { command: config.command, args: config.args ?? [], env: { ...env, ...config.env } };
}

/** The names `tools/list` answers with when the host starts the bundle with these settings. */
async function listedTools(userConfig: Record<string, string | boolean>): Promise<string[]> {
  const config = await hostConfig(userConfig);
  const client = new Client({ name: 'mcpb-host', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...config, cwd: unpacked, stderr: 'pipe' }));
  try {
    const { tools } = await client.listTools();
    const call = await client.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
    expect(call.isError, JSON.stringify(call.content)).toBeFalsy();
    return tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

describe('the MCP Bundle of acctkit-mcp', () => {
  it('passes mcpb validate, with the catalogue of listTools({ connects: true }) as its tools', () => {
    expect(mcpb(['validate', join(unpacked, 'manifest.json')])).toMatch(/valid/i);
    expect(manifest.tools?.map((tool) => tool.name)).toEqual(
      listTools({ connects: true }).map((tool) => tool.name),
    );
    const pkg = JSON.parse(readFileSync(join(built.stage, 'server', 'package.json'), 'utf8'));
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.compatibility?.platforms).toEqual(['darwin', 'win32', 'linux']);
    // One bundle for every platform: nothing native, nothing installed beside the bundled server.
    expect(
      spawnSync('find', [unpacked, '-name', 'node_modules', '-o', '-name', '*.node']).stdout.toString(),
    ).toBe('');
  });

  it('sets only variables the server reads, and every one of environment mode', () => {
    const reads = [...ENV_VARIABLES, 'ACCTKIT_CONNECTIONS_FILE', 'ACCTKIT_CONNECTIONS'];
    expect(reads).toEqual(expect.arrayContaining(bundleEnvVariables()));
    expect(bundleEnvVariables()).toEqual(expect.arrayContaining([...ENV_VARIABLES]));
    expect(Object.keys(manifest.server.mcp_config.env ?? {}).sort()).toEqual(bundleEnvVariables().sort());
  });

  it('started as a host starts it, in environment mode, lists exactly the manifest tools', async () => {
    expect(await listedTools(await demo())).toEqual(manifest.tools?.map((tool) => tool.name));
  });

  it('with the read-only switch on, lists the read tools only', async () => {
    const read = listTools()
      .filter((tool) => !tool.write)
      .map((tool) => tool.name);
    expect(await listedTools({ ...(await demo()), read_only: true })).toEqual(read);
  });

  it('with the sandbox switch on, stops and says what to run instead', async () => {
    const config = await hostConfig({ sandbox: true });
    const result = spawnSync(config.command, config.args, {
      env: config.env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox',
    );
  });

  it('with nothing set, starts and offers connect_business to connect a business from the chat', async () => {
    const config = await hostConfig({});
    const client = new Client({ name: 'mcpb-host', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ ...config, cwd: unpacked, stderr: 'pipe' }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'list_businesses',
        'connect_business',
      ]);
      expect(client.getInstructions()).toContain('connect_business');
      const call = await client.callTool({ name: 'list_contacts', arguments: {} });
      expect(call.isError).toBe(true);
      expect(JSON.stringify(call.content)).toContain('NOT_CONNECTED');
    } finally {
      await client.close();
    }
  });
});
