/** Helpers for driving the built `acctkit` bin as a subprocess against a sandbox on a real port. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openConnectionStore, type StoredConnection } from '@acctkit/client/node';
import { DEMO_CLIENT, type RunningServer, startServer } from '@acctkit/sandbox';

export const BIN: string = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
export const ADMIN = 'cli-tests-admin';

/** What one run of the bin left behind. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A sandbox on a real port and a temporary home whose XDG config folder holds the CLI's files. */
export interface World {
  readonly server: RunningServer;
  readonly home: string;
  readonly configHome: string;
  readonly connectionsFile: string;
  /** The environment every run gets: no inherited ACCTKIT_* variable, HOME and XDG_CONFIG_HOME in the temp dir. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const server = await startServer({
    port: 0,
    database: ':memory:',
    adminToken: ADMIN,
    rateLimitPerMinute: 0,
  });
  const home = await mkdtemp(join(tmpdir(), 'acctkit-cli-'));
  const configHome = join(home, 'config');
  return {
    server,
    home,
    configHome,
    connectionsFile: join(configHome, 'acctkit', 'connections.json'),
    env: (extra = {}) => ({
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: configHome,
      ...extra,
    }),
    close: async () => {
      await server.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Runs `node dist/bin.js …args` and collects its output. */
export function acctkit(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('error', reject);
    child.once('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/** Calls the sandbox's admin API. */
export async function admin(world: World, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${world.server.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Stores a connection to a demo business with tokens minted by the admin API, as `acctkit login
 * --sandbox` would (the browser flow itself is proven in login.test.ts).
 */
export async function storeConnection(
  world: World,
  name: string,
  business: 'de' | 'pt' = 'de',
  scope: 'readonly' | 'full_access' = 'full_access',
): Promise<StoredConnection> {
  const t = await admin(world, 'tokens', { business, scope });
  const connection: StoredConnection = {
    name,
    baseUrl: world.server.url,
    authUrl: world.server.url,
    clientId: DEMO_CLIENT.clientId,
    country: business,
    variant: business,
    businessId: t.business_id as number,
    businessName: business === 'de' ? 'Schneider Werbetechnik GmbH' : 'Ferreira & Costa Design, Lda.',
    scope,
    tokens: {
      accessToken: t.access_token as string,
      refreshToken: t.refresh_token as string,
      expiresAt: Date.now() + (t.expires_in as number) * 1000,
      scope,
    },
    createdAt: new Date().toISOString(),
  };
  await openConnectionStore({ file: world.connectionsFile }).put(connection);
  return connection;
}
