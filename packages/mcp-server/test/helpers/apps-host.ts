// A small MCP Apps host for the card tests: a page on 127.0.0.1 that embeds a card in a sandboxed
// iframe and drives it through ext-apps's `AppBridge` (test/apps-host-page.ts), in Debian Chromium.
// The page is served with the restrictive policy the MCP Apps spec prescribes for a resource without
// `_meta.ui.csp`, which the card's srcdoc iframe inherits. Every request the page makes, every console
// error and every `tools/call` and context update from the card are recorded for the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LaunchedChromium } from '@acctkit/testing/browser';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { build } from 'esbuild';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import type { CardPageOptions } from '../apps-host-page.js';

/** The policy the MCP Apps spec requires hosts to apply when a resource declares no `ui.csp`. */
export const DEFAULT_APP_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

/** A `tools/call` the card sent through the host. */
export interface CardToolCall {
  readonly name: string;
  readonly arguments?: Record<string, unknown>;
}

/** What {@link CardHost.open} shows. */
export interface OpenCardOptions {
  /** The card's HTML document, as `resources/read` returns it. */
  readonly html: string;
  /** The arguments of the tool call the card belongs to. */
  readonly toolInput?: Record<string, unknown>;
  /** The result of that tool call, `_meta` included, as the host received it. */
  readonly toolResult: CallToolResult;
  /**
   * Answers the card's `tools/call`, e.g. by forwarding to a real MCP client connected to the server:
   * `onCallTool: (call) => client.callTool(call) as Promise<CallToolResult>`.
   */
  readonly onCallTool?: (call: CardToolCall) => Promise<CallToolResult>;
  /** The host's theme (`hostContext.theme`); default light. */
  readonly theme?: 'light' | 'dark';
  /** The browser's `prefers-color-scheme`; defaults to the host's theme. */
  readonly colorScheme?: 'light' | 'dark';
  /** The host's style variables (`hostContext.styles.variables`), e.g. its own colours. */
  readonly styleVariables?: Record<string, string>;
  /** The iframe's width in CSS pixels; default 400, a narrow chat column. */
  readonly width?: number;
}

/** A card open in the test host. */
export interface OpenedCard {
  readonly page: Page;
  /** The card's document, for locators. */
  readonly card: FrameLocator;
  /** The card's frame, to evaluate code in (axe, layout checks). */
  frame(): Promise<Frame>;
  /** Sets the iframe's width, as a host does when its column narrows or widens. */
  resize(width: number): Promise<void>;
  /** Every URL the page (card included) requested. */
  readonly requests: readonly string[];
  /** Console errors, uncaught errors and policy violations, from the host page and the card. */
  readonly problems: readonly string[];
  /** The `tools/call` requests the card sent. */
  readonly calls: readonly CardToolCall[];
  /** The `ui/update-model-context` requests the card sent. */
  readonly modelContext: readonly unknown[];
  /** Requests that went anywhere but the host's own origin (`about:`, `data:` and `blob:` aside). */
  foreignRequests(): string[];
  /** Waits until the iframe is as tall as the card's content (the card reports its size). */
  settled(): Promise<void>;
  /** A PNG of the iframe as a person sees it. */
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** The test host: its origin, and {@link CardHost.open} to show a card there. */
export interface CardHost {
  readonly origin: string;
  open(chromium: LaunchedChromium, options: OpenCardOptions): Promise<OpenedCard>;
  close(): Promise<void>;
}

const HOST_PAGE = fileURLToPath(new URL('../apps-host-page.ts', import.meta.url));

async function hostScript(): Promise<string> {
  const result = await build({
    entryPoints: [HOST_PAGE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no host script');
  return file.text;
}

const HOST_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>acctkit card host</title>' +
  '<script src="/host.js"></script></head><body style="margin:16px"></body></html>';

/**
 * Starts the test host on 127.0.0.1 (port 0).
 *
 * @example
 * ```ts
 * const host = await startCardHost();
 * const opened = await host.open(chromium, { html: await chartCardHtml(), toolResult });
 * ```
 */
export async function startCardHost(): Promise<CardHost> {
  const script = await hostScript();
  const server: Server = createServer((request, response) => {
    const headers = { 'content-security-policy': DEFAULT_APP_CSP, 'cache-control': 'no-store' };
    if (request.url === '/') {
      response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      response.end(HOST_HTML);
    } else if (request.url === '/host.js') {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
    } else if (request.url === '/favicon.ico') {
      response.writeHead(204, headers);
      response.end();
    } else {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    open: (chromium, options) => openCard(chromium, origin, options),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function openCard(
  chromium: LaunchedChromium,
  origin: string,
  options: OpenCardOptions,
): Promise<OpenedCard> {
  const theme = options.theme ?? 'light';
  const width = options.width ?? 400;
  const context = await chromium.newContext({
    colorScheme: options.colorScheme ?? theme,
    viewport: { width: width + 64, height: 900 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  const calls: CardToolCall[] = [];
  const modelContext: unknown[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));

  await page.exposeFunction('acctkitCallTool', async (params: CardToolCall) => {
    // The card's own fields only: the SDK adds a progress token of its own to `_meta`.
    calls.push({ name: params.name, ...(params.arguments ? { arguments: params.arguments } : {}) });
    if (!options.onCallTool) {
      return { isError: true, content: [{ type: 'text', text: 'This test host answers no tool calls.' }] };
    }
    return options.onCallTool(params);
  });
  await page.exposeFunction('acctkitModelContext', async (params: unknown) => {
    modelContext.push(params);
  });
  await page.exposeFunction('acctkitSizeChanged', async () => {});
  await page.goto(`${origin}/`);

  const hostContext: McpUiHostContext = {
    theme,
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { width, maxHeight: 2000 },
    platform: 'web',
    locale: 'en-GB',
    ...(options.styleVariables ? { styles: { variables: options.styleVariables as never } } : {}),
  };
  const pageOptions: CardPageOptions = {
    html: options.html,
    toolInput: options.toolInput ?? {},
    toolResult: options.toolResult,
    hostContext,
    width,
  };
  // As JSON: the options are plain data, and Playwright's argument types choke on the MCP result types.
  await page.evaluate(
    (json: string) => window.acctkitOpenCard(JSON.parse(json)),
    JSON.stringify(pageOptions),
  );

  const iframe = page.locator('iframe');
  const frame = async (): Promise<Frame> => {
    const found = await (await iframe.elementHandle())?.contentFrame();
    if (!found) throw new Error('the card has no frame');
    return found;
  };
  return {
    page,
    card: page.frameLocator('iframe'),
    frame,
    async resize(next) {
      await page.setViewportSize({ width: next + 64, height: 900 });
      await iframe.evaluate((element, w) => {
        (element as HTMLIFrameElement).style.width = `${w}px`;
      }, next);
    },
    requests,
    problems,
    calls,
    modelContext,
    foreignRequests: () =>
      requests.filter(
        (url) =>
          !url.startsWith(`${origin}/`) &&
          !url.startsWith('about:') &&
          !url.startsWith('data:') &&
          !url.startsWith('blob:'),
      ),
    async settled() {
      const card = await frame();
      for (;;) {
        const content = await card.evaluate(() => document.documentElement.scrollHeight);
        await page.waitForFunction(
          (height) => Math.abs((document.querySelector('iframe')?.clientHeight ?? 0) - height) <= 1,
          content,
          { timeout: 30_000 },
        );
        if ((await card.evaluate(() => document.documentElement.scrollHeight)) === content) return;
      }
    },
    async screenshot(path) {
      // The whole card in the viewport: Chromium paints an iframe only as far as the viewport shows it.
      const box = await iframe.boundingBox();
      const size = page.viewportSize();
      if (box && size)
        await page.setViewportSize({ width: size.width, height: Math.ceil(box.y + box.height + 32) });
      await iframe.screenshot({ path });
    },
    close: () => context.close(),
  };
}
