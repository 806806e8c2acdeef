// The API reference's script is Scalar's standalone bundle, vendored into dist by the build: the
// sandbox serves exactly that file, the published files include it with its license, Scalar is not a
// run-time dependency, and a missing file gives a 500 that says what to do.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { docsRoutes } from '../src/docs-page.js';
import type { SandboxEnv } from '../src/sandbox-env.js';
import { SCALAR_BUNDLE_FILE, SCALAR_MISSING_MESSAGE } from '../src/scalar-bundle.js';
import { BASE, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());
const packageDir = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

describe('the vendored Scalar bundle', () => {
  it('/docs/scalar.js is the vendored file byte for byte, cached for an hour', async () => {
    const res = await sb.fetch(new Request(`${BASE}/docs/scalar.js`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const served = Buffer.from(await res.arrayBuffer());
    const vendored = readFileSync(SCALAR_BUNDLE_FILE);
    expect(served.length).toBe(vendored.length);
    expect(served.equals(vendored)).toBe(true);
    // It is Scalar's browser bundle: it defines window.Scalar.createApiReference.
    expect(vendored.subarray(-400).toString('utf8')).toContain('window.Scalar={createApiReference:');
  });

  it('sits in dist/vendor/scalar with its MIT license and a notice naming the version', () => {
    expect(SCALAR_BUNDLE_FILE).toBe(join(packageDir, 'dist', 'vendor', 'scalar', 'standalone.js'));
    const dir = dirname(SCALAR_BUNDLE_FILE);
    const license = readFileSync(join(dir, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2023-present Scalar\n/);
    const version = manifest.devDependencies['@scalar/api-reference'];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(join(dir, 'NOTICE.md'), 'utf8')).toContain(`\`@scalar/api-reference\` ${version}`);
  });

  it('ships in the tarball while Scalar stays a build-time dependency', () => {
    expect(manifest.files).toContain('dist');
    expect(Object.keys(manifest.dependencies)).not.toContain('@scalar/api-reference');
    expect(manifest.scripts.build).toContain('scripts/vendor-scalar.ts');
  });

  it('without the file, /docs and /docs/scalar.js answer 500 and say how to repair the install', async () => {
    const app = new Hono<SandboxEnv>();
    docsRoutes(app, join(packageDir, 'dist', 'vendor', 'scalar', 'no-such-file.js'));
    const script = await app.request('/docs/scalar.js');
    expect(script.status).toBe(500);
    expect(script.headers.get('cache-control')).toBe('no-store');
    expect(await script.text()).toBe(SCALAR_MISSING_MESSAGE);
    const page = await app.request('/docs');
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain('The API reference cannot be shown');
    expect(html).toContain('Reinstall @acctkit/sandbox');
    expect(html).not.toContain('/docs/scalar.js');
    // The guide and the documents do not need Scalar.
    expect((await app.request('/docs/guide')).status).toBe(200);
    expect((await app.request('/docs/admin.json')).status).toBe(200);
  });
});
