import { afterAll, describe, expect, it } from 'vitest';
import { BASE, testSandbox } from './helpers.js';
import { operationIds } from './spec-validator.js';

const sb = testSandbox();
afterAll(() => sb.close());

describe('GET /docs', () => {
  it('lists every operation of each variant with no external assets, and serves the bundled documents', async () => {
    for (const v of ['de', 'pt'] as const) {
      const res = await sb.fetch(new Request(`${BASE}/docs?variant=${v}`));
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const op of operationIds(v)) expect(html).toContain(`id="${op}"`);
      expect(html).not.toMatch(/(src|href)="https?:/);
      const json = await (await sb.fetch(new Request(`${BASE}/docs/${v}.json`))).json();
      expect(json.openapi).toMatch(/^3\.1/);
    }
  });
});
