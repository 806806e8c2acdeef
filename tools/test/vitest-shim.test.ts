import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleTests } from '../src/runtime-matrix/bundle.ts';
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
    // @ts-expect-error: a matcher vitest does not have
    ['an unknown matcher', () => shim.expect(1).toBeSomethingElse()],
  ];
  for (const [name, run] of failing) {
    it(`fails ${name}`, () => {
      expect(run).toThrow();
    });
  }

  it('fails resolves/rejects the wrong way round', async () => {
    await expect(shim.expect(Promise.resolve(1)).rejects.toThrow()).rejects.toThrow(/instead of rejecting/);
    await expect(shim.expect(Promise.reject(new Error('x'))).resolves.toBe(1)).rejects.toThrow(
      /instead of resolving/,
    );
  });

  it("is vitest's own expect: same messages, asymmetric matchers, expect.extend", () => {
    const messageOf = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        return (error as Error).message;
      }
      return '(no error)';
    };
    for (const [actual, expected] of [
      [{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }],
      ['text', 'texts'],
    ] as const) {
      expect(messageOf(() => shim.expect(actual).toEqual(expected))).toBe(
        messageOf(() => expect(actual).toEqual(expected)),
      );
    }
    shim.expect({ id: 7, name: 'x' }).toEqual({ id: shim.expect.any(Number), name: 'x' });
    shim.expect('hello world').toEqual(shim.expect.stringContaining('lo w'));
    expect(() => shim.expect({ id: '7' }).toEqual({ id: shim.expect.any(Number) })).toThrow();
    shim.expect.extend({
      toBeEven: (n: number) => ({ pass: n % 2 === 0, message: () => `expected ${n} to be even` }),
    });
    (shim.expect(4) as unknown as { toBeEven(): void }).toBeEven();
    expect(() => (shim.expect(3) as unknown as { toBeEven(): void }).toBeEven()).toThrow(
      'expected 3 to be even',
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

  it('runs tests in declaration order, with it.each, skipIf and runIf', async () => {
    shim.enterFile('test/order.test.ts');
    const seen: string[] = [];
    shim.describe('a', () => {
      shim.it('first', () => {
        seen.push('first');
      });
      shim.describe('nested', () => {
        shim.it('second', () => {
          seen.push('second');
        });
      });
      shim.it('third', () => {
        seen.push('third');
      });
      shim.it.each([
        [1, 2],
        [2, 4],
      ])('doubles %i to %i', (n: number, twice: number) => {
        shim.expect(n * 2).toBe(twice);
      });
      shim.it.each([{ word: 'x' }])('$word is one letter', ({ word }: { word: string }) => {
        shim.expect(word).toHaveLength(1);
      });
      shim.it.skipIf(true)('skipped by skipIf', () => {});
      shim.it.runIf(false)('skipped by runIf', () => {});
    });
    const report = await shim.runAll();
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(report.results.map((r) => [r.name, r.status])).toEqual([
      ['a > first', 'passed'],
      ['a > nested > second', 'passed'],
      ['a > third', 'passed'],
      ['a > doubles 1 to 2', 'passed'],
      ['a > doubles 2 to 4', 'passed'],
      ['a > x is one letter', 'passed'],
      ['a > skipped by skipIf', 'skipped'],
      ['a > skipped by runIf', 'skipped'],
    ]);
  });

  it('honours .only: only the marked tests and suites of that file run, and the run says so', async () => {
    const ran: string[] = [];
    shim.enterFile('test/focused.test.ts');
    shim.it('not marked', () => {
      ran.push('not marked');
    });
    shim.it.only('marked', () => {
      ran.push('marked');
    });
    shim.describe.only('marked suite', () => {
      shim.it('inside', () => {
        ran.push('inside');
      });
    });
    shim.describe('plain suite', () => {
      shim.beforeAll(() => {
        ran.push('beforeAll of a suite with nothing to run');
      });
      shim.it('also not marked', () => {
        ran.push('also not marked');
      });
    });
    shim.enterFile('test/other.test.ts');
    shim.it('in a file without .only', () => {
      ran.push('other file');
    });
    const lines: string[] = [];
    const report = await shim.runAll((line) => lines.push(line));
    expect(ran).toEqual(['marked', 'inside', 'other file']);
    expect(report.focused).toEqual(['test/focused.test.ts']);
    expect(report.results.map((r) => [r.name, r.status])).toEqual([
      ['not marked', 'skipped'],
      ['marked', 'passed'],
      ['marked suite > inside', 'passed'],
      ['plain suite > also not marked', 'skipped'],
      ['in a file without .only', 'passed'],
    ]);
    expect(lines.join('\n')).toMatch(/ONLY test\/focused\.test\.ts: \.only is set/);
  });

  it('refuses .only when allowOnly is false, naming the marked test, and runs nothing of that file', async () => {
    const ran: string[] = [];
    shim.enterFile('test/ci.test.ts');
    shim.it('plain', () => {
      ran.push('plain');
    });
    shim.describe('group', () => {
      shim.it.only('focused by mistake', () => {
        ran.push('focused');
      });
    });
    const report = await shim.runAll(() => {}, { allowOnly: false });
    expect(ran).toEqual([]);
    expect(report.failed).toBe(1);
    expect(report.results[0]?.error).toContain('.only is not allowed');
    expect(report.results[0]?.error).toContain('"group > focused by mistake"');
  });

  it('fails a test over its own timeout or the default one, naming it', async () => {
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    shim.enterFile('test/slow.test.ts');
    shim.it('over its own timeout', () => sleep(300), 40);
    shim.it('within its own timeout', () => sleep(60), 2_000);
    shim.it('options first', { timeout: 40 }, () => sleep(300));
    shim.it('over the default', () => sleep(300));
    shim.describe('hooks', () => {
      shim.beforeEach(() => sleep(300));
      shim.it('behind a slow beforeEach', () => {});
    });
    const report = await shim.runAll(() => {}, { testTimeout: 100, hookTimeout: 100 });
    const byName = Object.fromEntries(report.results.map((r) => [r.name, r]));
    expect(byName['over its own timeout']?.status).toBe('failed');
    expect(byName['over its own timeout']?.error).toContain('Test "over its own timeout" timed out in 40ms');
    expect(byName['within its own timeout']?.status).toBe('passed');
    expect(byName['options first']?.error).toContain('timed out in 40ms');
    expect(byName['over the default']?.error).toContain('Test "over the default" timed out in 100ms');
    expect(byName['hooks > behind a slow beforeEach']?.error).toContain(
      'beforeEach of "hooks > behind a slow beforeEach" timed out in 100ms',
    );
  });

  it('applies a 5 second default like vitest', () => {
    expect(shim.DEFAULT_TEST_TIMEOUT).toBe(5_000);
  });

  it('checks expect.assertions and expect.hasAssertions after each test', async () => {
    shim.enterFile('test/assertions.test.ts');
    shim.it('too few', () => {
      shim.expect.assertions(2);
      shim.expect(1).toBe(1);
    });
    shim.it('enough', () => {
      shim.expect.assertions(1);
      shim.expect(1).toBe(1);
    });
    shim.it('none', () => {
      shim.expect.hasAssertions();
    });
    const report = await shim.runAll();
    expect(report.results.map((r) => r.status)).toEqual(['failed', 'passed', 'failed']);
    expect(report.results[0]?.error).toContain('expected number of assertions to be 2, but got 1');
  });

  it('bundles with no read of the environment: Deno refuses one without a permission', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'acctkit-shim-'));
    try {
      const file = join(dir, 'sample.test.ts');
      await writeFile(
        file,
        "import { expect, it } from 'vitest';\nit('a', () => expect({ a: 1 }).toEqual({ a: 2 }));\n",
      );
      await bundleTests(dir, [file], join(dir, 'bundle.mjs'));
      const bundle = await readFile(join(dir, 'bundle.mjs'), 'utf8');
      expect(bundle).toContain('toEqual');
      expect(bundle).not.toMatch(/process\.env|\benv\.[A-Z_]+|FORCE_TTY|NO_COLOR/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
