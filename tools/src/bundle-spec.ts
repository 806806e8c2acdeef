/**
 * Bundles each variant's entry document into one self-contained JSON document and lints the result.
 *
 *   pnpm spec:bundle                 writes openapi/dist/de.json and openapi/dist/pt.json
 *   tsx tools/src/bundle-spec.ts --out-dir /tmp/x   (used by the drift check)
 */
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBin } from './exec.ts';
import { bundleDir, openapiDir, repoRoot, variants } from './paths.ts';

/** Bundles both variants into `outDir` and lints each bundle with the project's Redocly rules. */
export async function bundleSpec(outDir: string = bundleDir): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const variant of variants) {
    const output = join(outDir, `${variant}.json`);
    runBin('redocly', ['bundle', join(openapiDir, `${variant}.yaml`), '--output', output]);
    runBin('redocly', ['lint', '--config', join(openapiDir, 'redocly.yaml'), '--format', 'stylish', output]);
    written.push(output);
  }
  return written;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const written = await bundleSpec(values['out-dir'] ? resolve(values['out-dir']) : bundleDir);
  for (const file of written) console.log(`bundled and linted ${relative(repoRoot, file)}`);
}
