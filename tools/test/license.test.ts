import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

describe('license', () => {
  it('the repository has the MIT license its packages declare', () => {
    const text = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) 2026 acctkit contributors\n/);
    const manifests = [
      'openapi/package.json',
      ...readdirSync(join(repoRoot, 'packages')).map((p) => `packages/${p}/package.json`),
    ];
    for (const file of manifests) {
      const manifest = JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { license?: string };
      expect(manifest.license, file).toBe('MIT');
    }
  });
});
