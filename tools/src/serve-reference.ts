/**
 * Renders the API reference of both variants from the bundled documents (Redoc, scripts inlined, so
 * nothing loads from a CDN) and serves it with the bundles themselves.
 *
 *   pnpm run main [--port 4010] [--host 127.0.0.1]
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBin } from './exec.ts';
import { bundleDir, repoRoot, type Variant, variants } from './paths.ts';

const outDir = join(repoRoot, '.acctkit', 'reference');

const index = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>acctkit API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>Accounting service API reference</h1>
<ul>
<li><a href="/de">Variant A (<code>de</code>, German data)</a> · <a href="/de.json">de.json</a></li>
<li><a href="/pt">Variant B (<code>pt</code>, Portuguese data)</a> · <a href="/pt.json">pt.json</a></li>
</ul></body></html>`;

async function render(): Promise<Record<string, { type: string; body: Buffer }>> {
  await mkdir(outDir, { recursive: true });
  const routes: Record<string, { type: string; body: Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: Buffer.from(index()) },
  };
  for (const variant of variants as readonly Variant[]) {
    const html = join(outDir, `${variant}.html`);
    runBin('redocly', ['build-docs', join(bundleDir, `${variant}.json`), '--inlineBundle', '--output', html]);
    routes[`/${variant}`] = { type: 'text/html; charset=utf-8', body: await readFile(html) };
    routes[`/${variant}.json`] = {
      type: 'application/json',
      body: await readFile(join(bundleDir, `${variant}.json`)),
    };
  }
  return routes;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4010' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535, got "${values.port}"`);
    process.exit(2);
  }
  const routes = await render();
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try / , /de or /pt\n');
      return;
    }
    res.writeHead(200, { 'content-type': route.type }).end(route.body);
  });
  server.listen(port, values.host, () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    console.log(`acctkit API reference: http://${values.host}:${actual}/  (de: /de, pt: /pt; Ctrl-C stops)`);
  });
}
