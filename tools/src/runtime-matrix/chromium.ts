import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Report } from './harness/vitest-shim.ts';
import type { RunOutcome } from './runtimes.ts';

/** Debian's Chromium; `CHROMIUM_PATH` points elsewhere. Browsers are never downloaded. */
export const chromiumPath: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const name = req.url === '/bundle.mjs' ? 'bundle.mjs' : undefined;
    if (!name) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>runtime matrix</title>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(join(dir, name)));
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

/** Loads the bundle in a page of headless Chromium (a secure context on loopback) and runs it. */
export async function runInChromium(dir: string, timeoutMs: number): Promise<RunOutcome> {
  if (!existsSync(chromiumPath)) {
    return {
      report: undefined,
      output: `Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
      ok: false,
    };
  }
  const { server, origin } = await serve(dir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs],
    timeout: 60_000,
  });
  try {
    const page = await browser.newPage();
    const lines: string[] = [];
    page.on('console', (message) => {
      lines.push(message.text());
    });
    page.on('pageerror', (error) => {
      lines.push(`pageerror: ${error.message}`);
    });
    page.setDefaultTimeout(timeoutMs);
    await page.goto(`${origin}/`);
    const report = await page.evaluate(async () => {
      const mod = (await import('/bundle.mjs' as string)) as {
        main: (log: (line: string) => void) => Promise<unknown>;
      };
      return mod.main((line) => console.log(line));
    });
    const typed = report as Report;
    return { report: typed, output: lines.join('\n'), ok: typed.failed === 0 };
  } catch (error) {
    return { report: undefined, output: String(error), ok: false };
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
}
