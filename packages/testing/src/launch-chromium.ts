import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/**
 * The flags every test browser starts with: headless, no sandboxing (containers), no GPU, and none of
 * Chromium's own traffic (updates, sync, QUIC probing), so a test sees only the requests it makes.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Where Debian's Chromium is: `CHROMIUM_PATH` when set, else `/usr/bin/chromium`. Browsers are never
 * downloaded.
 *
 * @param env - the environment to read `CHROMIUM_PATH` from; defaults to `process.env`.
 * @example
 * ```ts
 * import { existsSync } from 'node:fs';
 * import { chromiumExecutablePath } from '@acctkit/testing/browser';
 *
 * if (!existsSync(chromiumExecutablePath())) process.stderr.write('no Chromium\n');
 * ```
 */
export function chromiumExecutablePath(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Options of {@link launchChromium}. */
export interface LaunchChromiumOptions {
  /** The browser binary; defaults to {@link chromiumExecutablePath}. */
  readonly executablePath?: string;
  /** Flags added after {@link CHROMIUM_ARGS}. */
  readonly extraArgs?: readonly string[];
  /** How long the launch may take, in ms; defaults to 60 000 (a loaded machine starts slowly). */
  readonly timeoutMs?: number;
}

/** A running Chromium; {@link LaunchedChromium.close} ends it and removes its profile. */
export interface LaunchedChromium {
  /** The playwright-core browser, for what the helpers below do not cover. */
  readonly browser: Browser;
  /** A fresh, isolated context (cookies, storage), e.g. `{ locale: 'de-DE' }`. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context of its own. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes the browser; its temporary user-data directory goes with it. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium headless through playwright-core with {@link CHROMIUM_ARGS}. Playwright
 * gives each launch a temporary user-data directory and removes it on close. Node only.
 *
 * @param options - executable, extra flags and launch timeout; all optional.
 * @throws Error when no Chromium is installed at the executable path, saying how to get one.
 * @example
 * ```ts
 * import { launchChromium } from '@acctkit/testing/browser';
 *
 * const chromium = await launchChromium();
 * try {
 *   const page = await chromium.newPage({ locale: 'en-GB' });
 *   await page.goto('http://127.0.0.1:8787/docs');
 * } finally {
 *   await chromium.close();
 * }
 * ```
 */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<LaunchedChromium> {
  const executablePath = options.executablePath ?? chromiumExecutablePath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    timeout: options.timeoutMs ?? 60_000,
  });
  return {
    browser,
    newContext: (contextOptions) => browser.newContext(contextOptions),
    newPage: (contextOptions) => browser.newPage(contextOptions),
    close: () => browser.close(),
  };
}
