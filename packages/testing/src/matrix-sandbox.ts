/**
 * The sandbox a suite runs against: a server on localhost started by the runtime matrix for each
 * runtime (`pnpm matrix`), or by a package's vitest global setup. Both hand it to the tests as
 * `globalThis.__ACCTKIT_SANDBOX__`. Runtime-neutral: no `node:` imports.
 */
export interface MatrixSandbox {
  /** The sandbox's origin, e.g. `http://127.0.0.1:43117`. */
  readonly url: string;
  /** The bearer token of the sandbox's admin API (`/_sandbox/...`). */
  readonly adminToken: string;
}

/**
 * The sandbox handed to this run, read from `globalThis.__ACCTKIT_SANDBOX__`.
 *
 * @throws Error when no sandbox was started for this run, saying how to start one.
 * @example
 * ```ts
 * import { matrixSandbox } from '@acctkit/testing';
 *
 * const { url, adminToken } = matrixSandbox();
 * await fetch(`${url}/_sandbox/reset`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` } });
 * ```
 */
export function matrixSandbox(): MatrixSandbox {
  const given = (globalThis as { __ACCTKIT_SANDBOX__?: MatrixSandbox }).__ACCTKIT_SANDBOX__;
  if (!given) {
    throw new Error(
      'no sandbox was started for this run: use `pnpm test` (vitest global setup) or `pnpm matrix`',
    );
  }
  return given;
}
