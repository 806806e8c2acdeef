import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import { describe, expect, it } from 'vitest';
import { parseRemoteConfig, RemoteError } from '../src/remote/index.js';
import { startRemoteServerFromEnv } from '../src/remote/node/index.js';
import { base64url } from '../src/remote/secrets.js';
import { startSandbox } from './remote-helpers.js';

const key = () => `k1:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
const env = (over: Record<string, string | undefined> = {}) => ({
  ACCTKIT_MCP_PUBLIC_URL: 'https://mcp.example.com',
  ACCTKIT_BASE_URL: 'https://api.accounting.example',
  ACCTKIT_CLIENT_ID: 'id',
  ACCTKIT_CLIENT_SECRET: 'secret',
  ACCTKIT_SIGNING_SECRET: 'signing',
  ACCTKIT_MCP_ENCRYPTION_KEYS: key(),
  ...over,
});

describe('parseRemoteConfig', () => {
  it('reads the variables, with the auth host defaulting to the API host', () => {
    const config = parseRemoteConfig(
      env({ ACCTKIT_MCP_ALLOWED_ORIGINS: 'https://a.example, https://b.example' }),
    );
    expect(config.publicUrl).toBe('https://mcp.example.com');
    expect(config.upstream.authUrl).toBe('https://api.accounting.example');
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names the missing variable, and never echoes a secret', () => {
    const attempt = () => parseRemoteConfig(env({ ACCTKIT_CLIENT_SECRET: undefined }));
    expect(attempt).toThrow(RemoteError);
    expect(attempt).toThrow(/ACCTKIT_CLIENT_SECRET/);
    try {
      parseRemoteConfig(env({ ACCTKIT_MCP_ENCRYPTION_KEYS: 'k1:short!' }));
    } catch (err) {
      expect(String(err)).not.toContain('short!');
    }
  });

  it('names ACCTKIT_MCP_ENCRYPTION_KEYS, its form and the bad key for a malformed ring, never the key text', () => {
    const good = key().replace('k1:', 'k2:');
    const cases: [string, RegExp][] = [
      ['k1:short', /key k1 is not base64/],
      ['k1:short!', /key k1 is not base64/],
      [`${good},k3:${base64url(new Uint8Array(16))}`, /key k3 is 16 bytes/],
      ['c2hvcnQ', /a key has no id/],
    ];
    for (const [ring, which] of cases) {
      let error: unknown;
      try {
        parseRemoteConfig(env({ ACCTKIT_MCP_ENCRYPTION_KEYS: ring }));
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(RemoteError);
      const message = String((error as Error).message);
      expect(message).toMatch(/^ACCTKIT_MCP_ENCRYPTION_KEYS must be a comma-separated list of id:key/);
      expect(message).toContain('base64url (or base64) of 32 random bytes');
      expect(message).toMatch(which);
      expect(message).not.toContain('Invalid character');
      for (const secret of ring.split(',').map((p) => p.split(':')[1] ?? p))
        expect(message).not.toContain(secret);
      expect((error as RemoteError).code).toBe('CONFIG');
    }
  });

  it('refuses plain http except on loopback, and lets --public-url win', () => {
    expect(() => parseRemoteConfig(env({ ACCTKIT_MCP_PUBLIC_URL: 'http://mcp.example.com' }))).toThrow(
      /https/,
    );
    expect(parseRemoteConfig(env(), { publicUrl: 'http://127.0.0.1:3001/' }).publicUrl).toBe(
      'http://127.0.0.1:3001',
    );
  });
});

describe('startRemoteServerFromEnv (what acctkit-mcp serve runs)', () => {
  it('starts on the given port with SQLite at ACCTKIT_MCP_DATABASE and serves its metadata', async () => {
    const sandbox = await startSandbox();
    const dir = mkdtempSync(join(tmpdir(), 'acctkit-serve-'));
    const server = await startRemoteServerFromEnv(
      env({
        ACCTKIT_MCP_PUBLIC_URL: undefined,
        ACCTKIT_BASE_URL: sandbox.url,
        ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
        ACCTKIT_MCP_DATABASE: join(dir, 'nested', 'remote.sqlite'),
      }),
      { port: 0, publicUrl: 'http://127.0.0.1:3001' },
    );
    try {
      // As behind a proxy: the request arrives with the public host.
      const body = await new Promise<string>((resolve, reject) => {
        const req = request(
          `http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource`,
          { headers: { Host: '127.0.0.1:3001' } },
          (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(JSON.parse(body)).toMatchObject({ resource: 'http://127.0.0.1:3001/mcp' });
      expect(server.mcpUrl).toBe('http://127.0.0.1:3001/mcp');
    } finally {
      await server.close();
      await sandbox.close();
    }
  });
});
