/**
 * Packages whose runtime-neutral test modules run in every runtime of the matrix. Adding a package is
 * one line. Every `test/**\/*.test.ts` of the package is neutral unless its name ends in
 * `.node.test.ts` (Node-only: a real socket, `node:crypto`, the file system) or `.types.test.ts`.
 *
 * `sandbox: true` starts a fresh `@acctkit/sandbox` on localhost for each runtime; its address and
 * admin token reach the tests as `globalThis.__ACCTKIT_SANDBOX__` (see `MatrixSandbox` of `@acctkit/testing`).
 * `testTimeout` is the per-test default in milliseconds (5000 unless set; match the package's
 * vitest config); a test can still pass its own as the third argument of `it()`.
 * `neutralEntries` are the `exports` keys whose built output `pnpm check:packages` proves free of
 * Node-only code (`["."]` unless set).
 */
export interface MatrixPackage {
  readonly dir: string;
  readonly sandbox?: boolean;
  readonly testTimeout?: number;
  readonly neutralEntries?: readonly string[];
}

export const matrixPackages: readonly MatrixPackage[] = [
  { dir: 'packages/signer' },
  { dir: 'packages/reconcile', testTimeout: 60_000 },
  { dir: 'packages/client', sandbox: true },
  { dir: 'packages/change-journal' },
  { dir: 'packages/edge-proxy', sandbox: true, testTimeout: 20_000 },
  { dir: 'packages/token-vault', sandbox: true, testTimeout: 20_000 },
  { dir: 'packages/mcp-server', sandbox: true, testTimeout: 20_000, neutralEntries: ['.', './remote'] },
];
