/**
 * Vitest global setup: one sandbox on a real localhost port for a package's suites, as the runtime
 * matrix starts one per runtime. `@acctkit/sandbox` is loaded from the package under test (its
 * devDependency), so this package does not depend on the sandbox, whose own tests use it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SANDBOX_ENV } from './sandbox-env.js';

/** What this setup uses of `@acctkit/sandbox`'s `startServer` (its types are the sandbox's to own). */
type StartServer = (options: {
  port: number;
  database: string;
  adminToken: string;
  rateLimitPerMinute: number;
}) => Promise<{ readonly url: string; close(): Promise<void> }>;

/** The part of vitest's `TestProject` this setup reads. */
interface Project {
  readonly config: { readonly root: string };
}

export default async function setup(project: Project): Promise<() => Promise<void>> {
  const from = createRequire(join(project.config.root, 'package.json'));
  const { startServer } = (await import(pathToFileURL(from.resolve('@acctkit/sandbox')).href)) as {
    startServer: StartServer;
  };
  const adminToken = 'acctkit-tests-admin';
  const server = await startServer({ port: 0, database: ':memory:', adminToken, rateLimitPerMinute: 0 });
  // Test workers start after the global setup and inherit its environment: that is how they learn it.
  process.env[SANDBOX_ENV] = JSON.stringify({ url: server.url, adminToken });
  return () => server.close();
}
