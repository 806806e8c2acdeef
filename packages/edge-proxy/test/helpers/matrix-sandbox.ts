/**
 * Where the behaviour suite finds its sandbox: a server on localhost started by the runtime matrix
 * for each runtime, or by `sandbox-global-setup.ts` under vitest. Runtime-neutral: no `node:` imports.
 */
export interface MatrixSandbox {
  readonly url: string;
  readonly adminToken: string;
}

/** The sandbox handed to this run, or an error saying how to get one. */
export function matrixSandbox(): MatrixSandbox {
  const given = (globalThis as { __ACCTKIT_SANDBOX__?: MatrixSandbox }).__ACCTKIT_SANDBOX__;
  if (!given) {
    throw new Error(
      'no sandbox was started for this run: use `pnpm test` (vitest global setup) or `pnpm matrix`',
    );
  }
  return given;
}
