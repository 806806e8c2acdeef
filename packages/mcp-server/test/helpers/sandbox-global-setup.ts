/** Vitest global setup: one sandbox on a real localhost port for the runtime-neutral suites, as the matrix does. */
import { startServer } from '@acctkit/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    matrixSandbox: { url: string; adminToken: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminToken = 'mcp-server-tests-admin';
  const server = await startServer({ port: 0, database: ':memory:', adminToken, rateLimitPerMinute: 0 });
  project.provide('matrixSandbox', { url: server.url, adminToken });
  return () => server.close();
}
