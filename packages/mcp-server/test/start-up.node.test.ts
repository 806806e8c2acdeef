// The start-up path of the built `acctkit-mcp`: the first reply (`server/discover` on 2026-07-28,
// `initialize` on 2025-11-25) comes before any network call. The service is a loopback server that
// records every connection and request and holds each request unanswered until the test releases it,
// so a server that asked it anything before replying would never reply at all. The business's id and
// name are read on first use: list_businesses sends the one request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectFromEnv } from '../src/node/index.js';
import { BIN, cleanEnv, requireBuiltBin } from './e2e-bin.js';

interface HeldService {
  readonly url: string;
  readonly connections: () => number;
  readonly requests: string[];
  release(): void;
  close(): Promise<void>;
}

/** A service that counts sockets, records `METHOD path` and answers nothing until released. */
async function heldService(): Promise<HeldService> {
  let sockets = 0;
  let released = false;
  const held: Array<() => void> = [];
  const requests: string[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      req.url?.startsWith('/core/v2/business')
        ? JSON.stringify({ $key: 4711, name: 'Held Service GmbH' })
        : JSON.stringify({ $totalResults: 0, $resources: [] }),
    );
  };
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (released) answer(req, res);
    else held.push(() => answer(req, res));
  });
  server.on('connection', () => {
    sockets++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => sockets,
    requests,
    release: () => {
      released = true;
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('start-up of acctkit-mcp (environment mode, over stdio)', () => {
  beforeAll(() => {
    requireBuiltBin();
  });

  for (const mode of ['2026-07-28', 'legacy'] as const) {
    const opening = mode === 'legacy' ? 'initialize' : 'server/discover';
    it(`answers ${opening} before any request to the service, and reads the business on first use`, async () => {
      const service = await heldService();
      const client = new Client(
        { name: 'start-up', version: '1.0.0' },
        { versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } } },
      );
      try {
        await client.connect(
          new StdioClientTransport({
            command: process.execPath,
            args: [BIN],
            env: cleanEnv({
              ACCTKIT_BASE_URL: service.url,
              ACCTKIT_COUNTRY: 'de',
              ACCTKIT_SIGNING_SECRET: 'start-up-signing-secret',
              ACCTKIT_ACCESS_TOKEN: 'start-up-access-token',
            }),
            stderr: 'ignore',
          }),
        );
        // The reply is in: the service has seen no socket and no request.
        expect(service.connections()).toBe(0);
        expect(service.requests).toEqual([]);
        expect(client.getInstructions()).toContain('default (de, full access)');

        service.release();
        const result = await client.callTool({ name: 'list_businesses', arguments: {} });
        expect(result.structuredContent).toEqual({
          items: [
            {
              name: 'default',
              variant: 'de',
              business_id: 4711,
              business_name: 'Held Service GmbH',
              scope: 'full_access',
            },
          ],
          totalCount: 1,
        });
        expect(service.requests).toEqual(['GET /core/v2/business']);
        // Read once per process.
        await client.callTool({ name: 'list_businesses', arguments: {} });
        expect(service.requests).toEqual(['GET /core/v2/business']);
      } finally {
        await client.close();
        await service.close();
      }
    });
  }
});

describe('connectFromEnv at start-up', () => {
  const env = {
    ACCTKIT_BASE_URL: 'http://127.0.0.1:9',
    ACCTKIT_COUNTRY: 'pt',
    ACCTKIT_SIGNING_SECRET: 'start-up-signing-secret',
    ACCTKIT_ACCESS_TOKEN: 'start-up-access-token',
  };

  it('sends nothing: the business is read, and the client created, on first use', async () => {
    let requests = 0;
    const connection = await connectFromEnv(env, async () => {
      requests++;
      return new Response('{}');
    });
    expect(requests).toBe(0);
    expect(connection).toMatchObject({ name: 'default', variant: 'pt', scope: 'full_access' });
    expect(connection.businessName).toBeUndefined();
    expect(connection.client.variant).toBe('pt');
  });

  it('still refuses a base URL that is not http(s) at start-up, naming the variable', async () => {
    await expect(connectFromEnv({ ...env, ACCTKIT_BASE_URL: 'ftp://127.0.0.1' })).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: 'ACCTKIT_BASE_URL must be an absolute http(s) URL.',
    });
  });
});
