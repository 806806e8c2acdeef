/** Vitest global setup: builds the bin with tsc first, so the subprocess tests run the current source. */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}
