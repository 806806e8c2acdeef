/**
 * Serves a fetch handler on a free loopback port in Node, Deno or Bun, with each runtime's own
 * server (node:http, Deno.serve, Bun.serve), so the benchmark measures real HTTP in every runtime.
 */
type Handler = (request: Request) => Response | Promise<Response>;

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

interface DenoLike {
  serve(
    options: { port: number; hostname: string; onListen?: () => void },
    handler: Handler,
  ): { addr: { port: number }; shutdown(): Promise<void> };
}
interface BunLike {
  serve(options: { port: number; hostname: string; fetch: Handler }): {
    port: number;
    stop(force?: boolean): void;
  };
}

export async function serveFetch(handler: Handler): Promise<Served> {
  const g = globalThis as { Deno?: DenoLike; Bun?: BunLike };
  if (g.Deno) {
    const server = g.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, handler);
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  if (g.Bun) {
    const server = g.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler });
    return { url: `http://127.0.0.1:${server.port}`, close: async () => server.stop(true) };
  }
  return serveNode(handler);
}

// A variable specifier keeps the runtime-neutral bundle free of a static node: import.
const nodeHttp = 'node:http';

async function serveNode(handler: Handler): Promise<Served> {
  const http = (await import(nodeHttp)) as typeof import('node:http');
  const server = http.createServer(async (req, res) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of req) chunks.push(chunk as Uint8Array);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await handler(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
