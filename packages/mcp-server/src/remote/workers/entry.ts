/**
 * The Worker entry module `wrangler.toml` points at (compiled, `dist/remote/workers/entry.js`): the
 * remote server's `fetch` handler and the vault's Durable Object class.
 */
import { remoteWorker } from './remote-worker.js';

export { VaultObject } from '@acctkit/token-vault/workers';

export default remoteWorker;
