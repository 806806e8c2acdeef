// The Worker entry module checked against the Workers runtime's own types (@cloudflare/workers-types),
// which the package's sources are compiled without: `pnpm typecheck` runs `tsc -p worker`.
import entry from '../src/remote/workers/entry.js';
import type { RemoteWorkerEnv } from '../src/remote/workers/index.js';

entry satisfies ExportedHandler<RemoteWorkerEnv>;
