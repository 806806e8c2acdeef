/**
 * Properties of the allow-list match, for all inputs: a matched path is the request's own path,
 * made only of plain segments, names a data operation of the spec, and appended to the upstream
 * origin it can only ever address that origin.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/index.js';

const upstream = 'https://api.accounting.example';
// What path tricks are made of, beside the spec's own segments and random text.
const piece = fc.oneof(
  fc.constantFrom('/', '//', '.', '..', '%2e', '%2E%2e', '%2f', '%5c', '\\', '@', ':', ';', '?', '#', '%00'),
  fc.constantFrom(
    'evil.example',
    'accounts',
    'v2',
    'contacts',
    'core',
    'business',
    'oauth2',
    'token',
    'test',
  ),
  fc.string({ maxLength: 4 }),
);
const real = fc.constantFrom(
  '/accounts/v2/contacts',
  '/accounts/v2/contacts/7',
  '/core/v2/business',
  '/core/v2/me',
);
const spliced = fc
  .tuple(real, piece, fc.nat())
  .map(([p, trick, at]) => `${p.slice(0, at % (p.length + 1))}${trick}${p.slice(at % (p.length + 1))}`);
const random = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('')}`);
// Spec paths, spec paths with a trick spliced in somewhere, and random ones.
const path = fc.oneof(real, spliced, random);

describe('matchRoute', () => {
  it('a match is always the request path, plain, and keeps the upstream origin', () => {
    let matched = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('de', 'pt'),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        path,
        (v, m, p) => {
          const route = matchRoute(v, m, p);
          if (!route) return;
          matched++;
          expect(route.path).toBe(p);
          expect(p).toMatch(/^(\/[A-Za-z0-9_]+)+$/);
          expect(p.startsWith('/oauth2') || p.startsWith('/test')).toBe(false);
          const url = new URL(`${upstream}${route.path}`);
          expect(url.origin).toBe(upstream);
          expect(url.pathname).toBe(p);
        },
      ),
      { numRuns: 2000 },
    );
    // The property must have met real matches, not only refusals.
    expect(matched).toBeGreaterThan(10);
  });

  it('every contact id matches getContact, and no trick spliced into the path does', () => {
    const tricks = ['/..', '/%2e%2e', '%2f', '/', '//', '\\', '@x', ';x', '/.'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(...tricks), (id, trick) => {
        expect(matchRoute('de', 'GET', `/accounts/v2/contacts/${id}`)?.operationId).toBe('getContact');
        expect(matchRoute('de', 'GET', `/accounts/v2/contacts/${id}${trick}`)).toBeUndefined();
        expect(matchRoute('de', 'GET', `/accounts/v2${trick}/contacts/${id}`)).toBeUndefined();
      }),
    );
  });
});
