import type { RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import { grantSuite } from './remote-grant-suite.js';
import { startRemote, startSandbox } from './remote-helpers.js';

let sandbox: RunningServer;
let remote: RunningRemoteServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  remote = await startRemote(sandbox, { rateLimitPerMinute: 1000, registrationsPerMinute: 1000 });
});
afterAll(async () => {
  await remote?.close();
  await sandbox?.close();
});

grantSuite('token scopes and approval bindings on Node', () => ({ sandbox, remote }));
