/**
 * Makes a Chromium context behave like a browser on another device: its requests go through this
 * HTTP proxy (Chromium routes loopback through it only with the `<-loopback>` bypass rule), which
 * relays them to this machine except those to the ports of `unreachable`, answered 502 as a
 * device whose 127.0.0.1 is not ours would fail to load them. The page stays at the address it could
 * not load, as a browser's address bar does.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContextOptions } from 'playwright-core';

export interface OtherDeviceProxy {
  /** Context options that send every request through the proxy. */
  readonly contextOptions: BrowserContextOptions;
  close(): Promise<void>;
}

export async function otherDeviceProxy(unreachable: readonly number[]): Promise<OtherDeviceProxy> {
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    if (target.hostname !== '127.0.0.1' || unreachable.includes(Number(target.port))) {
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('This device cannot reach that address.');
      req.resume();
      return;
    }
    const relayed = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    relayed.on('error', () => res.writeHead(502).end());
    req.pipe(relayed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    contextOptions: { proxy: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' } },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
