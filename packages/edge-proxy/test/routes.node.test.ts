/** The allow-list is generated from the bundled spec and matched exactly. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataOperations, readDocument, routesFile, routesSource } from '../scripts/generate-routes.js';
import { matchRoute } from '../src/index.js';

describe('generated allow-list', () => {
  it('src/generated/routes.ts is what the bundled spec produces (run gen:routes when this fails)', () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(routesSource(readDocument('de'), readDocument('pt')));
  });

  it('holds every data operation and no OAuth or /test route', () => {
    for (const variant of ['de', 'pt'] as const) {
      const ops = dataOperations(readDocument(variant));
      expect(ops.length).toBeGreaterThan(30);
      for (const [method, template, operationId] of ops) {
        const path = template.replace(/\{[^}]+\}/g, '42');
        expect(matchRoute(variant, method, path)?.operationId).toBe(operationId);
      }
      expect(ops.some(([, p]) => p.startsWith('/oauth2') || p.startsWith('/test'))).toBe(false);
      expect(matchRoute(variant, 'POST', '/oauth2/token')).toBeUndefined();
      expect(matchRoute(variant, 'GET', '/test/accounts/v2/contacts')).toBeUndefined();
    }
  });
});
