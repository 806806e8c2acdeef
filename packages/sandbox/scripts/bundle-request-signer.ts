/**
 * Writes `src/generated/request-signer.ts`: browser/request-signer.ts and @acctkit/signer bundled by
 * esbuild into one minified script (an IIFE defining `acctkitDocs`), kept as a string so that the
 * sandbox serves it as `/docs/request-signer.js` from src (tests) and dist alike. A test bundles it
 * again in memory and fails when the committed file differs.
 *
 *   pnpm --filter @acctkit/sandbox gen:request-signer
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const requestSignerFile: string = fileURLToPath(
  new URL('../src/generated/request-signer.ts', import.meta.url),
);

/** The text of `src/generated/request-signer.ts`. */
export async function requestSignerSource(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../browser/request-signer.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'acctkitDocs',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return [
    '// Generated from browser/request-signer.ts and @acctkit/signer by',
    '// packages/sandbox/scripts/bundle-request-signer.ts; regenerate with',
    '// `pnpm --filter @acctkit/sandbox gen:request-signer`. Do not edit by hand.',
    '',
    '/** The script served as `/docs/request-signer.js`: defines `acctkitDocs.withRequestSigning`. */',
    `export const REQUEST_SIGNER_JS: string = ${JSON.stringify(code)};`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(requestSignerFile, await requestSignerSource());
  process.stdout.write(`wrote ${requestSignerFile}\n`);
}
