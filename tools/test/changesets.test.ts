import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import parse from '@changesets/parse';
import { describe, expect, it } from 'vitest';
import { publicPackages } from '../src/check-packages.ts';
import { repoRoot } from '../src/paths.ts';

const dir = join(repoRoot, '.changeset');
const notes = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
const publicNames = new Set(
  publicPackages().map(
    (p) => (JSON.parse(readFileSync(join(repoRoot, p, 'package.json'), 'utf8')) as { name: string }).name,
  ),
);

describe('changesets', () => {
  it('finds the release notes', () => {
    expect(notes.length).toBeGreaterThan(0);
  });

  for (const file of notes) {
    it(`${file} parses and names only public packages, with a summary for users`, () => {
      const changeset = parse(readFileSync(join(dir, file), 'utf8'));
      expect(changeset.releases.length).toBeGreaterThan(0);
      for (const release of changeset.releases)
        expect(publicNames.has(release.name), release.name).toBe(true);
      expect(changeset.summary.length).toBeGreaterThan(20);
    });
  }
});
