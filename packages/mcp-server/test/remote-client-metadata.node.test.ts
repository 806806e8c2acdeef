// Client ID Metadata Documents fetched without SSRF: the address policy, the refusals by name (every
// runtime), the Node fetcher that resolves, checks and connects to the checked address, and the caps
// and caches, proved through the real server against canary servers on 127.0.0.1.

import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { DEMO_CLIENT, type RunningServer } from '@acctkit/sandbox';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteApp } from '../src/remote/index.js';
import {
  pinnedMetadataFetch,
  type ResolvedAddress,
  type RunningRemoteServer,
} from '../src/remote/node/index.js';
import { isPublicAddress } from '../src/remote/public-address.js';
import { authorizeUrl, pkce, startRemote, startSandbox, type Target, testKey } from './remote-helpers.js';

let sandbox: RunningServer;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** A TCP server on 127.0.0.1 that counts connections, keeps their first bytes and never answers. */
async function tcpCanary(options: { hangUp?: boolean } = {}) {
  const sockets = new Set<Socket>();
  const firstBytes: Buffer[] = [];
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.once('data', (chunk) => {
      firstBytes.push(chunk);
      if (options.hangUp) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    firstBytes,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** An HTTP server on 127.0.0.1 that records each request path. */
async function httpCanary(handle: (req: IncomingMessage, res: ServerResponse, url: string) => void) {
  const paths: string[] = [];
  let url = '';
  const server = createHttpServer((req, res) => {
    paths.push(req.url ?? '');
    handle(req, res, url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    paths,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A valid metadata document for `clientId`. */
const documentFor = (clientId: string) =>
  JSON.stringify({
    client_id: clientId,
    client_name: 'Metadata Document Client',
    redirect_uris: ['https://client.example/cb'],
    token_endpoint_auth_method: 'none',
  });

/** Asks `/authorize` for a client id; a refused or failed document is a 400 "Unknown client" page. */
async function authorize(remote: Target, clientId: string): Promise<{ status: number; text: string }> {
  const { challenge } = await pkce();
  const res = await (remote.fetch ?? fetch)(
    authorizeUrl(remote, { clientId, redirectUri: 'https://client.example/cb', challenge }),
    { redirect: 'manual' },
  );
  return { status: res.status, text: await res.text() };
}

/** A resolver for tests: answers every name with `answers` and records the questions. */
function fakeLookup(...answers: string[][]) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const answer = answers[Math.min(asked.length, answers.length) - 1] ?? [];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, lookup };
}

async function withRemote(
  options: Parameters<typeof startRemote>[1],
  run: (remote: RunningRemoteServer) => Promise<void>,
): Promise<void> {
  const remote = await startRemote(sandbox, options);
  try {
    await run(remote);
  } finally {
    await remote.close();
  }
}

/** Metadata URLs refused by what they say, on every runtime, before anything is resolved. */
const REFUSED_BY_NAME = [
  'https://localhost/client.json',
  'https://localhost./client.json',
  'https://a.localhost/client.json',
  'https://a.localhost./client.json',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata.google.internal./computeMetadata/v1/',
  'https://printer.local/client.json',
  'https://nas.home.arpa/client.json',
  'https://intranet/client.json',
  'https://intranet./client.json',
  'https://127.0.0.1/client.json',
  'https://0x7f.1/client.json',
  'https://2130706433/client.json',
  'https://0177.0.0.1/client.json',
  'https://127.1/client.json',
  'https://10.0.0.5/client.json',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/client.json',
  'https://198.18.0.1/client.json',
  'https://224.0.0.1/client.json',
  'https://255.255.255.255/client.json',
  'https://192.0.0.1/client.json',
  'https://[::1]/client.json',
  'https://[fd00::1]/client.json',
  'https://[::ffff:127.0.0.1]/client.json',
  'https://[::ffff:a9fe:a9fe]/client.json',
  'https://[64:ff9b::7f00:1]/client.json',
  'https://[2002:7f00:1::1]/client.json',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/client.json',
  'https://[::7f00:1]/client.json',
  'http://client.example/client.json',
  'https://client.example/',
  'https://user:pass@client.example/client.json',
];

const REFUSED_ADDRESSES = [
  // IPv4: loopback, private, link-local, shared (CGNAT), "this network", IETF protocol assignments,
  // documentation, benchmarking, 6to4 relay anycast, multicast, reserved, broadcast.
  ...['127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1'],
  ...['169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3', '192.0.0.1', '192.0.0.170'],
  ...['192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '198.19.255.255', '192.88.99.1'],
  ...['224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255'],
  // IPv6: unspecified, loopback, link-local, unique local, site-local, multicast, discard, documentation.
  ...['::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'fec0::1', 'ff02::1', '100::1', '2001:db8::1'],
  // IPv6 forms that embed an IPv4 address: mapped, RFC 6145 translated, IPv4-compatible, NAT64.
  ...['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:0:127.0.0.1'],
  ...['::7f00:1', '::a00:1', '::127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a00:1'],
  // 6to4 and Teredo, whatever they embed (2002:0808:0808:: embeds the public 8.8.8.8).
  ...['2002:7f00:1::1', '2002:c0a8:101::1', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  // Not addresses at all, or not in canonical form.
  ...['localhost', '', 'fe80::1%eth0', '0x7f.1', '2130706433', '127.1', '[::1]'],
];
const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '93.184.215.14',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
];
const PUBLIC_EMBEDDED = ['::ffff:8.8.8.8', '64:ff9b::808:808'];

describe('client metadata documents', () => {
  it('classifies addresses: only public unicast passes, IPv4 embedded in IPv6 judged by the IPv4', () => {
    for (const address of REFUSED_ADDRESSES) expect(isPublicAddress(address), address).toBe(false);
    for (const address of [...PUBLIC_ADDRESSES, ...PUBLIC_EMBEDDED])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses internal names and IP literals by name before any lookup or connection (Node)', async () => {
    const { asked, lookup } = fakeLookup(['127.0.0.1']);
    await withRemote({ fetchClientMetadata: pinnedMetadataFetch({ lookup }) }, async (remote) => {
      for (const clientId of REFUSED_BY_NAME) {
        const { status, text } = await authorize(remote, clientId);
        expect(status, clientId).toBe(400);
        expect(text).toContain('Unknown client');
      }
    });
    expect(asked).toEqual([]);
  });

  it('refuses the same names and IP literals with the platform fetch (Workers default)', async () => {
    const fetched: string[] = [];
    const app = createRemoteApp(
      {
        publicUrl: 'https://mcp.example.com',
        upstream: {
          baseUrl: 'https://api.accounting.example',
          authUrl: 'https://api.accounting.example',
          clientId: DEMO_CLIENT.clientId,
          clientSecret: DEMO_CLIENT.clientSecret,
          signingSecret: DEMO_CLIENT.signingSecret,
          userAgent: 'acctkit-mcp-remote-test',
        },
        encryptionKeys: [testKey()],
        fetch: async (request) => {
          fetched.push(request.url);
          return new Response('{}', { status: 404 });
        },
      },
      createSqliteStorage(':memory:'),
    );
    const remote: Target = {
      url: 'https://mcp.example.com',
      mcpUrl: 'https://mcp.example.com/mcp',
      fetch: async (input, init) => app.request(String(input), init),
    };
    for (const clientId of REFUSED_BY_NAME)
      expect((await authorize(remote, clientId)).status, clientId).toBe(400);
    expect(fetched).toEqual([]);
    // A public name is left to the platform: fetched once, without following redirects.
    expect((await authorize(remote, 'https://client.example/client.json')).status).toBe(400);
    expect(fetched).toEqual(['https://client.example/client.json']);
  });

  it('refuses a host name that resolves to 127.0.0.1: the loopback canary sees no connection', async () => {
    const canary = await tcpCanary();
    const { asked, lookup } = fakeLookup(['127.0.0.1']);
    try {
      await withRemote({ fetchClientMetadata: pinnedMetadataFetch({ lookup }) }, async (remote) => {
        const clientId = `https://evil.example:${canary.port}/client.json`;
        expect((await authorize(remote, clientId)).status).toBe(400);
        expect((await authorize(remote, clientId)).status).toBe(400);
      });
      expect(asked).toEqual(['evil.example']);
      expect(canary.connections).toBe(0);
    } finally {
      await canary.close();
    }
  });

  it('refuses a host name when any of its addresses is not public, even beside a public one', async () => {
    const canary = await tcpCanary();
    try {
      for (const answer of [
        ['93.184.215.14', '10.0.0.7'],
        ['2606:4700:4700::1111', '::ffff:127.0.0.1'],
        ['8.8.8.8', '127.0.0.1'],
        [],
      ]) {
        const { asked, lookup } = fakeLookup(answer);
        await withRemote({ fetchClientMetadata: pinnedMetadataFetch({ lookup }) }, async (remote) => {
          const clientId = `https://mixed.example:${canary.port}/client.json`;
          expect((await authorize(remote, clientId)).status, answer.join(' ')).toBe(400);
        });
        expect(asked).toEqual(['mixed.example']);
      }
      // Where loopback is allowed (test mode), the canary's address passes: a check of the first or of
      // any address, rather than of every one, would connect to it.
      const { lookup } = fakeLookup(['127.0.0.1', '10.0.0.7']);
      const fetchClientMetadata = pinnedMetadataFetch({ allowLoopback: true, lookup });
      await withRemote({ allowLoopbackClientMetadata: true, fetchClientMetadata }, async (remote) => {
        expect((await authorize(remote, `https://mixed.example:${canary.port}/client.json`)).status).toBe(
          400,
        );
      });
      expect(canary.connections).toBe(0);
    } finally {
      await canary.close();
    }
  });

  it('connects to exactly the address it checked, asks DNS once and sends the host name for TLS (SNI)', async () => {
    // A rebinding resolver: the checked answer first, an internal address to any later question.
    const canary = await tcpCanary({ hangUp: true });
    const { asked, lookup } = fakeLookup(['127.0.0.1'], ['10.0.0.1']);
    try {
      await withRemote(
        {
          allowLoopbackClientMetadata: true,
          fetchClientMetadata: pinnedMetadataFetch({ allowLoopback: true, lookup }),
        },
        async (remote) => {
          expect((await authorize(remote, `https://client.test:${canary.port}/client.json`)).status).toBe(
            400,
          );
        },
      );
      expect(asked).toEqual(['client.test']);
      expect(canary.connections).toBe(1);
      expect(Buffer.concat(canary.firstBytes).includes('client.test')).toBe(true);
    } finally {
      await canary.close();
    }
  });

  it('refuses redirects: a 3xx is a failure and its target is never fetched', async () => {
    const docs = await httpCanary((req, res, url) => {
      if (req.url === '/client.json') res.writeHead(302, { Location: `${url}/real.json` }).end();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(documentFor(`${url}/client.json`));
    });
    try {
      await withRemote({ allowLoopbackClientMetadata: true }, async (remote) => {
        expect((await authorize(remote, `${docs.url}/client.json`)).status).toBe(400);
      });
      expect(docs.paths).toEqual(['/client.json']);
    } finally {
      await docs.close();
    }
  });

  it('refuses documents over 5 KiB, with or without a Content-Length', async () => {
    const docs = await httpCanary((req, res, url) => {
      const pad = 'x'.repeat(6_000);
      const body = JSON.stringify({ ...JSON.parse(documentFor(`${url}${req.url}`)), pad });
      if (req.url === '/declared.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        for (let at = 0; at < body.length; at += 1_000) res.write(body.slice(at, at + 1_000));
        res.end();
      }
    });
    try {
      await withRemote({ allowLoopbackClientMetadata: true }, async (remote) => {
        expect((await authorize(remote, `${docs.url}/declared.json`)).status).toBe(400);
        expect((await authorize(remote, `${docs.url}/chunked.json`)).status).toBe(400);
      });
      expect(docs.paths).toEqual(['/declared.json', '/chunked.json']);
    } finally {
      await docs.close();
    }
  });

  it('gives up on a server that never answers within the time cap, connection included', async () => {
    const canary = await tcpCanary();
    try {
      await withRemote(
        {
          allowLoopbackClientMetadata: true,
          fetchClientMetadata: pinnedMetadataFetch({ allowLoopback: true, timeoutMs: 300 }),
        },
        async (remote) => {
          const started = performance.now();
          expect((await authorize(remote, `http://127.0.0.1:${canary.port}/client.json`)).status).toBe(400);
          const elapsed = performance.now() - started;
          expect(elapsed).toBeGreaterThanOrEqual(290);
          expect(elapsed).toBeLessThan(1_500);
        },
      );
      expect(canary.connections).toBe(1);
    } finally {
      await canary.close();
    }
  });

  it('caches a failure: two authorizations with the same bad URL cost one fetch, another after 10 minutes', async () => {
    let offset = 0;
    const docs = await httpCanary((_req, res) => res.writeHead(404).end());
    try {
      await withRemote(
        { allowLoopbackClientMetadata: true, now: () => Date.now() + offset },
        async (remote) => {
          const clientId = `${docs.url}/client.json`;
          expect((await authorize(remote, clientId)).status).toBe(400);
          expect((await authorize(remote, clientId)).status).toBe(400);
          expect(docs.paths).toHaveLength(1);
          offset += 601_000;
          expect((await authorize(remote, clientId)).status).toBe(400);
          expect(docs.paths).toHaveLength(2);
        },
      );
    } finally {
      await docs.close();
    }
  });

  it('bounds fetches per address: past 20 new metadata URLs a minute, 429 with Retry-After and no fetch', async () => {
    const docs = await httpCanary((_req, res) => res.writeHead(404).end());
    try {
      await withRemote({ allowLoopbackClientMetadata: true, registrationsPerMinute: 20 }, async (remote) => {
        for (let i = 0; i < 20; i++)
          expect((await authorize(remote, `${docs.url}/c${i}.json`)).status).toBe(400);
        expect(docs.paths).toHaveLength(20);
        const limited = await authorize(remote, `${docs.url}/c20.json`);
        expect(limited.status).toBe(429);
        expect(docs.paths).toHaveLength(20);
        // A cached answer costs nothing and is not counted.
        expect((await authorize(remote, `${docs.url}/c0.json`)).status).toBe(400);
      });
    } finally {
      await docs.close();
    }
  });

  it('uses a valid document and caches it an hour (loopback test mode)', async () => {
    let offset = 0;
    const docs = await httpCanary((req, res, url) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(documentFor(`${url}${req.url}`)),
    );
    try {
      await withRemote(
        { allowLoopbackClientMetadata: true, now: () => Date.now() + offset },
        async (remote) => {
          const clientId = `${docs.url}/client.json`;
          const first = await authorize(remote, clientId);
          expect(first.status).toBe(200);
          expect(first.text).toContain('Metadata Document Client');
          expect((await authorize(remote, clientId)).status).toBe(200);
          expect(docs.paths).toHaveLength(1);
          offset += 3_601_000;
          expect((await authorize(remote, clientId)).status).toBe(200);
          expect(docs.paths).toHaveLength(2);
        },
      );
    } finally {
      await docs.close();
    }
  });
});
