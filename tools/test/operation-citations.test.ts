import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDir, repoRoot, variants } from '../src/paths.ts';
import { stripComments } from '../src/strip-comments.ts';

/**
 * Packages whose tests must cite every operationId of both bundles: the sandbox (the service
 * itself) and the client. A package is checked from the moment its folder exists.
 */
const citingPackages = ['packages/sandbox', 'packages/client'];

function operationIds(): string[] {
  const ids = new Set<string>();
  for (const variant of variants) {
    const doc = JSON.parse(readFileSync(join(bundleDir, `${variant}.json`), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) if (op?.operationId) ids.add(op.operationId);
    }
  }
  return [...ids].sort();
}

/** The test modules of a package, joined; `uncited` removes their comments. */
function testSources(dir: string): string {
  const testDir = join(dir, 'test');
  if (!existsSync(testDir)) return '';
  return readdirSync(testDir, { recursive: true })
    .map(String)
    .filter((f) => /\.test\.ts$/.test(f))
    .map((f) => readFileSync(join(testDir, f), 'utf8'))
    .join('\n');
}

/**
 * The operationIds that the test code never mentions as a whole word. A mention inside a comment
 * does not count: a test cites an operation in its name, a request or an assertion.
 */
export function uncited(source: string, ids: string[]): string[] {
  const code = stripComments(source);
  return ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(code));
}

describe('every operation is cited by the tests of the service and of the client', () => {
  const ids = operationIds();

  it('finds the operations of both bundles', () => {
    expect(ids).toContain('createContact');
    expect(ids).toContain('requestToken');
    expect(ids.length).toBeGreaterThanOrEqual(38);
  });

  it('counts a citation only as a whole word', () => {
    expect(uncited("it('getContacts: …')", ['getContact'])).toEqual(['getContact']);
    expect(uncited("it('getContact: returns 404')", ['getContact'])).toEqual([]);
  });

  it('does not count a citation that only appears in a comment', () => {
    const fixture = [
      '// getContact is covered below',
      '/** createContact: see the other suite */',
      "it('lists contacts', async () => {",
      '  /* deleteContact */ const page = await list(); // updateContact',
      "  expect(page.url).toBe('https://x.test/a//listContacts');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text with a template literal
      '  expect(`${page.id /* getInvoice */}`).toMatch(/\\/\\/getInvoices/);',
      '});',
    ].join('\n');
    const ids = ['getContact', 'createContact', 'deleteContact', 'updateContact', 'getInvoice'];
    expect(uncited(fixture, [...ids, 'listContacts', 'getInvoices'])).toEqual(ids);
  });

  for (const pkg of citingPackages) {
    const dir = join(repoRoot, pkg);
    it.skipIf(!existsSync(join(dir, 'package.json')))(`${pkg}: tests cite every operationId`, () => {
      expect(uncited(testSources(dir), ids)).toEqual([]);
    });
  }
});
