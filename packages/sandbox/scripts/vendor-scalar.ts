/**
 * Copies Scalar's standalone browser bundle into the build (part of `pnpm --filter @acctkit/sandbox
 * build`): `dist/vendor/scalar/standalone.js` byte for byte from `@scalar/api-reference` (a
 * devDependency, pinned), its MIT license beside it as `LICENSE`, and `NOTICE.md` saying which version
 * the file is and where it comes from. The sandbox serves the file as `/docs/scalar.js`; installing
 * the sandbox then brings one 4 MB file instead of Scalar's 280 packages.
 *
 * `@scalar/api-reference` publishes no LICENSE file; the text is that of Scalar's repository
 * (github.com/scalar/scalar, `LICENSE`, also shipped by `@scalar/api-client`), kept in
 * scripts/scalar-LICENSE.txt. The build fails when the package stops saying MIT.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCALAR_BUNDLE_FILE } from '../src/scalar-bundle.js';

const require = createRequire(import.meta.url);
// The package exports no ./package.json: its root is the folder above the main entry (dist/index.js).
const root = dirname(dirname(require.resolve('@scalar/api-reference')));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license?: string;
};
if (manifest.name !== '@scalar/api-reference' || manifest.license !== 'MIT')
  throw new Error(
    `vendor-scalar: expected @scalar/api-reference under the MIT license at ${root}, found ${manifest.name} (${manifest.license}); check its license before shipping it`,
  );
const source = join(root, 'dist', 'browser', 'standalone.js');
if (!existsSync(source))
  throw new Error(
    `vendor-scalar: ${source} is missing; @scalar/api-reference ${manifest.version} moved its standalone bundle`,
  );

const dir = dirname(SCALAR_BUNDLE_FILE);
mkdirSync(dir, { recursive: true });
copyFileSync(source, SCALAR_BUNDLE_FILE);
const license = existsSync(join(root, 'LICENSE'))
  ? readFileSync(join(root, 'LICENSE'), 'utf8')
  : readFileSync(fileURLToPath(new URL('scalar-LICENSE.txt', import.meta.url)), 'utf8');
writeFileSync(join(dir, 'LICENSE'), license);
const sha256 = createHash('sha256').update(readFileSync(SCALAR_BUNDLE_FILE)).digest('hex');
writeFileSync(
  join(dir, 'NOTICE.md'),
  `# Scalar API Reference (vendored)

\`standalone.js\` is \`dist/browser/standalone.js\` of \`${manifest.name}\` ${manifest.version}
(https://github.com/scalar/scalar), unchanged (sha256 \`${sha256}\`), copied here when
@acctkit/sandbox is built. The sandbox serves it as \`/docs/scalar.js\` for its API reference.

It is licensed under the MIT License: see \`LICENSE\` in this folder. The file bundles third-party
code (Vue, Tailwind CSS and others) whose license comments are kept inside it.
`,
);
process.stdout.write(`vendor-scalar: ${manifest.name} ${manifest.version} → ${SCALAR_BUNDLE_FILE}\n`);
