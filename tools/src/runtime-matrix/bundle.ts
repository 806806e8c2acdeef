import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { RunOptions } from './harness/vitest-shim.ts';

const shimPath = fileURLToPath(new URL('./harness/vitest-shim.ts', import.meta.url));
const plainColorsPath = fileURLToPath(new URL('./harness/plain-colors.ts', import.meta.url));

/** Resolves `vitest` to the shim (and its colours to none) and serves the entry's file markers. */
const shimPlugin: Plugin = {
  name: 'runtime-matrix-shim',
  setup(b) {
    b.onResolve({ filter: /^vitest$/ }, () => ({ path: shimPath }));
    b.onResolve({ filter: /^tinyrainbow$/ }, () => ({ path: plainColorsPath }));
    // Packages declare `sideEffects: false`; a test module is imported only for its side effects.
    b.onResolve({ filter: /^matrix-test:/ }, (args) => ({
      path: args.path.slice('matrix-test:'.length),
      sideEffects: true,
    }));
    b.onResolve({ filter: /^matrix-file:/ }, (args) => ({ path: args.path, namespace: 'matrix-file' }));
    b.onLoad({ filter: /.*/, namespace: 'matrix-file' }, (args) => ({
      contents: `import { enterFile } from ${JSON.stringify(shimPath)};\nenterFile(${JSON.stringify(
        args.path.slice('matrix-file:'.length),
      )});\n`,
      loader: 'js',
      resolveDir: dirname(shimPath),
    }));
  },
};

async function bundleSource(source: string, resolveDir: string, outfile: string): Promise<void> {
  await mkdir(dirname(outfile), { recursive: true });
  await build({
    stdin: { contents: source, resolveDir, loader: 'ts', sourcefile: 'matrix-entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser', 'import', 'module', 'default'],
    outfile,
    plugins: [shimPlugin],
    logLevel: 'error',
    legalComments: 'none',
  });
}

/**
 * Bundles test modules into one ESM file exporting `main(log, options)`, which runs them and resolves
 * to a report. Modules are evaluated in order, each after a marker that names its file in the report.
 */
export async function bundleTests(packageDir: string, testFiles: string[], outfile: string): Promise<void> {
  const lines = [`import { runAll, type RunOptions } from ${JSON.stringify(shimPath)};`];
  for (const file of testFiles) {
    const name = relative(packageDir, file);
    lines.push(
      `import ${JSON.stringify(`matrix-file:${name}`)};`,
      `import ${JSON.stringify(`matrix-test:${resolve(file)}`)};`,
    );
  }
  lines.push(
    'export async function main(log: (line: string) => void, options?: RunOptions) { return runAll(log, options); }',
  );
  await bundleSource(lines.join('\n'), packageDir, outfile);
}

/** Bundles a script module exporting `run(log)` into one ESM file exporting `main(log)`. */
export async function bundleScript(scriptFile: string, outfile: string): Promise<void> {
  const source = [
    `import { run } from ${JSON.stringify(resolve(scriptFile))};`,
    'export async function main(log: (line: string) => void) { await run(log); return { passed: 0, failed: 0, skipped: 0, focused: [], results: [] }; }',
  ].join('\n');
  await bundleSource(source, dirname(resolve(scriptFile)), outfile);
}

/** Writes the small launcher that a command-line runtime executes next to a bundle. */
export async function writeLauncher(dir: string, prelude = '', options: RunOptions = {}): Promise<string> {
  const launcher = join(dir, 'launch.mjs');
  await writeFile(
    launcher,
    [
      prelude,
      "const { main } = await import('./bundle.mjs');",
      `const report = await main((line) => console.log(line), ${JSON.stringify(options)});`,
      "console.log('@@REPORT ' + JSON.stringify(report));",
      '',
    ].join('\n'),
  );
  return launcher;
}
