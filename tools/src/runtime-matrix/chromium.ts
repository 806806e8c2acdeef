import { readFile } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import type { MatrixSandbox } from '@acctkit/testing';
import { type LaunchedChromium, launchChromium } from '@acctkit/testing/browser';
import type { Report, RunOptions } from './harness/vitest-shim.ts';
import type { RunOutcome } from './runtimes.ts';

/**
 * Forwards a request to the sandbox unchanged, Host header included: the page and the API then share
 * one origin (no CORS), and the sandbox verifies signatures against the URL the page signed.
 */
function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`matrix proxy: ${error.message}`);
  });
  req.pipe(upstream);
}

function serve(dir: string, sandbox: MatrixSandbox | undefined): Promise<{ server: Server; origin: string }> {
  const target = sandbox ? new URL(sandbox.url) : undefined;
  const server = createServer(async (req, res) => {
    if (req.url === '/__matrix/bundle.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(join(dir, 'bundle.mjs')));
    } else if (req.url === '/__matrix/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>runtime matrix</title>');
    } else if (target) {
      forward(target, req, res);
    } else {
      res.writeHead(404).end();
    }
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
export async function runInChromium(
  dir: string,
  timeoutMs: number,
  sandbox: MatrixSandbox | undefined,
  options: RunOptions = {},
): Promise<RunOutcome> {
  let chromium: LaunchedChromium;
  try {
    // Debian's Chromium (or CHROMIUM_PATH) with the flags every browser test of the repository uses.
    chromium = await launchChromium();
  } catch (error) {
    return { report: undefined, output: error instanceof Error ? error.message : String(error), ok: false };
  }
  const { server, origin } = await serve(dir, sandbox);
  try {
    const page = await chromium.newPage();
    const lines: string[] = [];
    page.on('console', (message) => {
      lines.push(message.text());
    });
    page.on('pageerror', (error) => {
      lines.push(`pageerror: ${error.message}`);
    });
    page.setDefaultTimeout(timeoutMs);
    await page.goto(`${origin}/__matrix/`);
    const pageSandbox = sandbox ? { ...sandbox, url: origin } : undefined;
    const report = await page.evaluate(
      async ([given, runOptions]) => {
        if (given) (globalThis as Record<string, unknown>).__ACCTKIT_SANDBOX__ = given;
        const mod = (await import('/__matrix/bundle.mjs' as string)) as {
          main: (log: (line: string) => void, options: RunOptions) => Promise<unknown>;
        };
        return mod.main((line) => console.log(line), runOptions);
      },
      [pageSandbox, options] as const,
    );
    const typed = report as Report;
    return { report: typed, output: lines.join('\n'), ok: typed.failed === 0 };
  } catch (error) {
    return { report: undefined, output: String(error), ok: false };
  } finally {
    await chromium.close();
    server.closeAllConnections();
    server.close();
  }
}
