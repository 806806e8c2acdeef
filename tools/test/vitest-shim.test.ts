import { describe, expect, it } from 'vitest';
import * as shim from '../src/runtime-matrix/harness/vitest-shim.ts';

// The shim is what decides pass or fail in Deno, Bun, workerd and Chromium: a matcher that passes
// wrongly there would hide a broken runtime, so each matcher is proven to fail when it should.
describe('runtime matrix vitest shim', () => {
  it('reports passing, failing and skipped tests with their file and suite names', async () => {
    shim.enterFile('test/sample.test.ts');
    const order: string[] = [];
    shim.describe('outer', () => {
      shim.beforeEach(() => {
        order.push('before');
      });
      shim.it('passes', () => {
        shim.expect({ a: [1, { b: 2 }] }).toEqual({ a: [1, { b: 2 }] });
      });
      shim.it('fails', () => {
        shim.expect(1).toBe(2);
      });
      shim.it.skip('skipped', () => {});
      shim.describe('inner', () => {
        shim.it('rejects', async () => {
          await shim.expect(Promise.reject(new TypeError('boom'))).rejects.toThrow(TypeError);
        });
      });
    });
    const lines: string[] = [];
    const report = await shim.runAll((line) => lines.push(line));
    const mine = report.results.filter((r) => r.file === 'test/sample.test.ts');
    expect(mine.map((r) => [r.name, r.status])).toEqual([
      ['outer > passes', 'passed'],
      ['outer > fails', 'failed'],
      ['outer > skipped', 'skipped'],
      ['outer > inner > rejects', 'passed'],
    ]);
    expect(order).toEqual(['before', 'before', 'before']);
    expect(lines.join('\n')).toMatch(/FAIL test\/sample\.test\.ts > outer > fails/);
  });

  const failing: [string, () => unknown][] = [
    ['toBe', () => shim.expect('a').toBe('b')],
    ['toEqual on nested values', () => shim.expect({ a: [1, 2] }).toEqual({ a: [1, 3] })],
    ['toEqual on byte arrays', () => shim.expect(new Uint8Array([1, 2])).toEqual(new Uint8Array([1, 3]))],
    [
      'toStrictEqual with an extra undefined key',
      () => shim.expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 }),
    ],
    ['toMatch', () => shim.expect('abc').toMatch(/^b/)],
    ['toMatchObject', () => shim.expect({ a: 1, b: { c: 2 } }).toMatchObject({ b: { c: 3 } })],
    ['toContain', () => shim.expect([1, 2]).toContain(3)],
    ['toHaveLength', () => shim.expect('abc').toHaveLength(2)],
    ['toHaveProperty', () => shim.expect({ a: { b: 1 } }).toHaveProperty('a.c')],
    ['toBeInstanceOf', () => shim.expect(new Error('x')).toBeInstanceOf(TypeError)],
    ['toBeGreaterThan', () => shim.expect(1).toBeGreaterThan(1)],
    ['toThrow without a throw', () => shim.expect(() => 1).toThrow()],
    [
      'toThrow with the wrong message',
      () =>
        shim
          .expect(() => {
            throw new Error('a');
          })
          .toThrow('b'),
    ],
    ['not.toBe on equal values', () => shim.expect(1).not.toBe(1)],
    ['an unknown matcher', () => shim.expect(1).toBeSomethingElse()],
  ];
  for (const [name, run] of failing) {
    it(`fails ${name}`, () => {
      expect(run).toThrow();
    });
  }

  it('fails resolves/rejects the wrong way round', async () => {
    await expect(shim.expect(Promise.resolve(1)).rejects.toThrow()).rejects.toThrow(/expected a rejection/);
    await expect(shim.expect(Promise.reject(new Error('x'))).resolves.toBe(1)).rejects.toThrow(
      /expected a resolution/,
    );
  });

  it('passes what vitest passes', () => {
    shim.expect({ a: 1, b: undefined }).toEqual({ a: 1 });
    shim.expect(new Map([[1, { a: 1 }]])).toEqual(new Map([[1, { a: 1 }]]));
    shim.expect('hello').toContain('ell');
    shim
      .expect(() => {
        throw new RangeError('out of range');
      })
      .toThrow(RangeError);
    shim.expect(null).toBeNull();
    shim.expect({ a: { b: 1 } }).toHaveProperty(['a', 'b'], 1);
  });
});
