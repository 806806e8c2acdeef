// What every card test file starts before its tests and stops after them: Debian Chromium and the
// MCP Apps host page, and the folder the screenshots go to.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedChromium, launchChromium } from '@acctkit/testing/browser';
import { afterAll, beforeAll } from 'vitest';
import { type CardHost, startCardHost } from './apps-host.js';

/** Where card tests save their screenshots (`ACCTKIT_CARD_SCREENSHOTS`, else a temporary folder). */
export const SCREENSHOTS: string = process.env.ACCTKIT_CARD_SCREENSHOTS ?? join(tmpdir(), 'acctkit-cards');

/** The browser and host of a test file, available from its `beforeAll` on. */
export interface CardBrowser {
  readonly chromium: LaunchedChromium;
  readonly host: CardHost;
}

/** Starts Chromium and the card host before the file's tests (in parallel) and closes both after. */
export function useCardBrowser(): CardBrowser {
  let chromium: LaunchedChromium | undefined;
  let host: CardHost | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [chromium, host] = await Promise.all([launchChromium(), startCardHost()]);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useCardBrowser: read before its beforeAll ran.');
    return value;
  };
  return {
    get chromium() {
      return started(chromium);
    },
    get host() {
      return started(host);
    },
  };
}
