import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Scalar's standalone browser bundle (`@scalar/api-reference`, MIT), copied into the package's build
 * by scripts/vendor-scalar.ts so that installing the sandbox does not install Scalar and its 280
 * packages. The path is relative to the package root: the same from src (tests) and dist.
 */
export const SCALAR_BUNDLE_FILE: string = fileURLToPath(
  new URL('../dist/vendor/scalar/standalone.js', import.meta.url),
);

/** What to do when the bundle is missing: the install is broken or the clone is not built. */
export const SCALAR_MISSING_MESSAGE: string =
  'The API reference script of @acctkit/sandbox (dist/vendor/scalar/standalone.js) is missing from this install. ' +
  'Reinstall @acctkit/sandbox; in a clone of acctkit, build it: pnpm --filter @acctkit/sandbox build.';

const loaded = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * The bytes of the bundle at `file`, read once and kept; `undefined` when there is no such file (a
 * later call looks again, so a build that runs while the sandbox is up is picked up).
 */
export function readScalarBundle(file: string = SCALAR_BUNDLE_FILE): Uint8Array<ArrayBuffer> | undefined {
  const cached = loaded.get(file);
  if (cached) return cached;
  try {
    const bytes = new Uint8Array(readFileSync(file));
    loaded.set(file, bytes);
    return bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
