// Everything exported from this file is public API of `@acctkit/mcp-server/remote/workers`
// (Cloudflare Workers): the remote server's `fetch` handler and the Durable Object class it stores in.
export { VaultObject } from '@acctkit/token-vault/workers';
export { type RemoteWorkerEnv, remoteWorker } from './remote-worker.js';
