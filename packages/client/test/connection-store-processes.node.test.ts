/**
 * Two processes refresh the same expired connection at the same moment, round after round, against a
 * sandbox on a real port whose refresh tokens rotate (a retired one is `invalid_grant`). With the
 * connection store's refresh lock, one process refreshes and the other adopts the stored result, so
 * both finish with the same live token and the stored refresh token still works at the end.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, refresh } from '../src/index.js';
import { openConnectionStore } from '../src/node/index.js';

const ROUNDS = 20;
const ADMIN = 'connection-race-admin';
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = (path: string): string => join(packageDir, 'src', path);

// The child: opens the store, takes a token manager, says "ready", waits for "go" on stdin, then asks
// for credentials (the stored token is expired, so this refreshes) and makes one signed call.
const child = `
import { createClient } from ${JSON.stringify(src('index.ts'))};
import { openConnectionStore } from ${JSON.stringify(src('node/index.ts'))};
const env = process.env;
const store = openConnectionStore({ file: env.CONNECTIONS_FILE });
const tokens = await store.tokenManager('race', { clientSecret: env.CLIENT_SECRET, signingSecret: env.SIGNING_SECRET });
await tokens.tokens();
process.stdout.write('ready\\n');
await new Promise((go) => process.stdin.once('data', go));
try {
  const credentials = await tokens.credentials();
  const api = createClient({ variant: 'de', baseUrl: env.BASE_URL, tokens, userAgent: 'race/1', retry: false });
  const { response } = await api.GET('/core/v2/business');
  process.stdout.write(JSON.stringify({ status: response.status, token: credentials.accessToken }) + '\\n');
  process.exit(response.status === 200 ? 0 : 1);
} catch (err) {
  process.stdout.write(JSON.stringify({ error: err.code, oauth: err.error }) + '\\n');
  process.exit(2);
}
`;

let server: RunningServer;
let dir: string;
let file: string;
let script: string;
let secrets: { client_secret: string; signing_secret: string };

beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0 });
  dir = await mkdtemp(join(tmpdir(), 'acctkit-race-'));
  file = join(dir, 'connections.json');
  script = join(dir, 'child.mts');
  await writeFile(script, child);
  const res = await fetch(`${server.url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business: 'de', scope: 'full_access' }),
  });
  const minted = (await res.json()) as Record<string, string>;
  secrets = {
    client_secret: minted.client_secret as string,
    signing_secret: minted.signing_secret as string,
  };
  await openConnectionStore({ file }).put({
    name: 'race',
    baseUrl: server.url,
    authUrl: server.url,
    clientId: minted.client_id as string,
    country: 'de',
    variant: 'de',
    businessId: 1,
    businessName: 'Schneider Werbetechnik GmbH',
    scope: 'full_access',
    tokens: {
      accessToken: minted.access_token as string,
      refreshToken: minted.refresh_token as string,
      expiresAt: 0,
    },
    createdAt: new Date().toISOString(),
  });
}, 30_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function start(): {
  proc: ChildProcessWithoutNullStreams;
  lines: string[];
  ready: Promise<void>;
  exit: Promise<number>;
} {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: packageDir,
    env: {
      ...process.env,
      CONNECTIONS_FILE: file,
      BASE_URL: server.url,
      CLIENT_SECRET: secrets.client_secret,
      SIGNING_SECRET: secrets.signing_secret,
    },
  });
  const lines: string[] = [];
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
  });
  const ready = new Promise<void>((resolveReady, reject) => {
    let buffer = '';
    proc.stdout.on('data', (d) => {
      buffer += d;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line === 'ready') resolveReady();
      }
    });
    proc.once('exit', () => reject(new Error(`child exited before it was ready: ${stderr}`)));
  });
  const exit = new Promise<number>((done) => proc.once('exit', (code) => done(code ?? -1)));
  return { proc, lines, ready, exit };
}

describe('connection store across processes', () => {
  it(`${ROUNDS} rounds of two processes refreshing one expired connection at once: neither ends with a dead token`, async () => {
    const store = openConnectionStore({ file });
    let refreshedTokens = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      // Expire the stored access token locally, so both processes want to refresh.
      const current = await store.get('race');
      if (!current) throw new Error('connection vanished');
      await store.put({ ...current, tokens: { ...current.tokens, expiresAt: 0 } });

      const children = [start(), start()];
      await Promise.all(children.map((c) => c.ready));
      for (const c of children) c.proc.stdin.write('go\n');
      const codes = await Promise.all(children.map((c) => c.exit));
      const results = children.map(
        (c) => JSON.parse(c.lines.at(-1) ?? '{}') as { status?: number; token?: string },
      );
      expect({
        round,
        codes,
        results: results.map((r) => ({ ...r, token: r.token ? 'live' : undefined })),
      }).toEqual({
        round,
        codes: [0, 0],
        results: [
          { status: 200, token: 'live' },
          { status: 200, token: 'live' },
        ],
      });
      // One refreshed, the other adopted its tokens: both hold the same, new access token.
      expect(results[0]?.token).toBe(results[1]?.token);
      expect(refreshedTokens.has(results[0]?.token as string)).toBe(false);
      refreshedTokens = new Set([...refreshedTokens, results[0]?.token as string]);
      expect((await store.get('race'))?.tokens.accessToken).toBe(results[0]?.token);
    }

    // The stored tokens are live at the end: the access token signs a call, the refresh token rotates.
    const last = await store.get('race');
    if (!last) throw new Error('connection vanished');
    const api = createClient({
      variant: 'de',
      baseUrl: server.url,
      credentials: { accessToken: last.tokens.accessToken, signingSecret: secrets.signing_secret },
      userAgent: 'race/1',
    });
    expect((await api.GET('/core/v2/business')).response.status).toBe(200);
    const refreshed = await refresh({
      baseUrl: server.url,
      clientId: last.clientId,
      clientSecret: secrets.client_secret,
      refreshToken: last.tokens.refreshToken,
    });
    expect(refreshed.error).toBeUndefined();
  }, 240_000);
});
