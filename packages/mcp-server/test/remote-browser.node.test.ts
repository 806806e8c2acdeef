// The remote MCP server end to end on Node (a real port), driven by the SDK's client and Chromium.
import type { RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import { browserSuite, startClientDocs } from './remote-browser-suite.js';
import { startRemote, startSandbox } from './remote-helpers.js';

let sandbox: RunningServer;
let remote: RunningRemoteServer;
let docs: { url: string; close(): Promise<void> };
let offset = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
  remote = await startRemote(sandbox, { now: () => Date.now() + offset, allowLoopbackClientMetadata: true });
  docs = await startClientDocs();
}, 30_000);

afterAll(async () => {
  await remote?.close();
  await sandbox?.close();
  await docs?.close();
});

browserSuite('remote MCP end to end on Node (SDK client, Chromium)', () => ({
  sandbox,
  remote,
  docsUrl: docs.url,
  expireAccessTokens: async () => {
    offset += 901_000;
  },
}));
