import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointTable, readInterfaceSpec } from '../src/endpoint-table.ts';
import { bundleDir, variants } from '../src/paths.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  'x-inferred'?: boolean;
  'x-inferred-reason'?: string;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const bundles = Object.fromEntries(
  variants.map((v) => [v, JSON.parse(readFileSync(join(bundleDir, `${v}.json`), 'utf8')) as Document]),
) as Record<(typeof variants)[number], Document>;

function operations(doc: Document): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]): [string, string, Operation] => [method.toUpperCase(), path, op]),
  );
}

describe('the endpoint table of the interface spec', () => {
  const table = endpointTable();

  it('is read whole: 33 rows, the two GET /core/v2/me rows as one, /test as four methods', () => {
    expect(table).toHaveLength(36);
    expect(table).toContainEqual({ method: 'POST', path: '/accounts/v2/incomes' });
    expect(table).toContainEqual({ method: 'PUT', path: '/core/v2/business' });
    expect(table).toContainEqual({ method: 'DELETE', path: '/test/{dataPath}' });
  });

  for (const variant of variants) {
    it(`is covered by the ${variant} bundle: every (method, path) has an operation`, () => {
      const have = new Set(operations(bundles[variant]).map(([m, p]) => `${m} ${p}`));
      const missing = table.map((e) => `${e.method} ${e.path}`).filter((key) => !have.has(key));
      expect(missing).toEqual([]);
    });
  }

  for (const variant of variants) {
    it(`${variant}: has the token endpoint of the Authentication section`, () => {
      const match = /`POST \{base_url\}(\/oauth2\/token)`/.exec(readInterfaceSpec());
      expect(match?.[1]).toBe('/oauth2/token');
      expect(bundles[variant].paths[match?.[1] ?? '']?.post?.operationId).toBe('requestToken');
    });
  }

  it('rejects a table row of unknown shape instead of skipping it', () => {
    const md = '### Endpoint table\n\n| Method | Path |\n|---|---|\n| PATCH | `/x` |\n';
    expect(() => endpointTable(md)).toThrow(/not a known shape/);
  });
});

describe('operations of both bundles', () => {
  for (const variant of variants) {
    it(`${variant}: every operation has a unique operationId and a one-line summary`, () => {
      const ops = operations(bundles[variant]);
      const ids = ops.map(([, , op]) => op.operationId);
      expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      for (const [method, path, op] of ops) {
        expect(op.summary, `${method} ${path}`).toMatch(/^[^\n]{5,120}$/);
      }
    });

    it(`${variant}: every inferred operation says why`, () => {
      for (const [method, path, op] of operations(bundles[variant])) {
        if (op['x-inferred']) expect(op['x-inferred-reason'], `${method} ${path}`).toMatch(/\w{3}/);
      }
    });
  }

  it('uses the same operationId for the same operation in both variants', () => {
    const byKey = (doc: Document) =>
      new Map(operations(doc).map(([m, p, op]) => [`${m} ${p}`, op.operationId]));
    expect([...byKey(bundles.de)].sort()).toEqual([...byKey(bundles.pt)].sort());
  });
});
