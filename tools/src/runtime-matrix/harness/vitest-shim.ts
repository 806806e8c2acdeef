/**
 * A small stand-in for the part of vitest's API that runtime-neutral test modules use. The runtime
 * matrix bundles every test module with `vitest` resolved to this file, so the same module runs under
 * vitest on Node and under this runner in Deno, Bun, workerd and browsers. A matcher it does not know
 * throws instead of passing silently.
 */

type Hook = () => unknown;
type TestFn = () => unknown;

interface Suite {
  name: string;
  tests: { name: string; fn: TestFn | undefined; skip: boolean }[];
  suites: Suite[];
  beforeAll: Hook[];
  afterAll: Hook[];
  beforeEach: Hook[];
  afterEach: Hook[];
}

export interface TestResult {
  file: string;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  error?: string;
  ms: number;
}

export interface Report {
  passed: number;
  failed: number;
  skipped: number;
  results: TestResult[];
}

function newSuite(name: string): Suite {
  return { name, tests: [], suites: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] };
}

const files: { file: string; root: Suite }[] = [];
let current: Suite = newSuite('');
files.push({ file: '(unnamed)', root: current });

/** Starts a new file scope: every test registered from now on is reported under `file`. */
export function enterFile(file: string): void {
  current = newSuite('');
  files.push({ file, root: current });
}

type DescribeFn = (name: string, fn: () => void) => void;
type ItFn = (name: string, fn?: TestFn, timeout?: number) => void;

function makeDescribe(skip: boolean): DescribeFn {
  return (name, fn) => {
    const parent = current;
    const suite = newSuite(name);
    parent.suites.push(suite);
    current = suite;
    try {
      fn();
      if (skip) for (const t of suite.tests) t.skip = true;
    } finally {
      current = parent;
    }
  };
}

function makeIt(skip: boolean): ItFn {
  return (name, fn) => {
    current.tests.push({ name, fn, skip: skip || fn === undefined });
  };
}

export const describe: DescribeFn & { skip: DescribeFn; only: DescribeFn } = Object.assign(
  makeDescribe(false),
  {
    skip: makeDescribe(true),
    only: makeDescribe(false),
  },
);
export const it: ItFn & { skip: ItFn; only: ItFn; todo: (name: string) => void } = Object.assign(
  makeIt(false),
  {
    skip: makeIt(true),
    only: makeIt(false),
    todo: (name: string) => makeIt(true)(name),
  },
);
export const test: typeof it = it;

export function beforeAll(fn: Hook): void {
  current.beforeAll.push(fn);
}
export function afterAll(fn: Hook): void {
  current.afterAll.push(fn);
}
export function beforeEach(fn: Hook): void {
  current.beforeEach.push(fn);
}
export function afterEach(fn: Hook): void {
  current.afterEach.push(fn);
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

async function runSuite(
  file: string,
  suite: Suite,
  path: string[],
  inherited: { before: Hook[]; after: Hook[] },
  results: TestResult[],
  log: (line: string) => void,
): Promise<void> {
  const before = [...inherited.before, ...suite.beforeEach];
  const after = [...suite.afterEach, ...inherited.after];
  const names = suite.name ? [...path, suite.name] : path;
  let setupError: unknown;
  try {
    for (const hook of suite.beforeAll) await hook();
  } catch (error) {
    setupError = error;
  }
  for (const t of suite.tests) {
    const name = [...names, t.name].join(' > ');
    if (t.skip || !t.fn) {
      results.push({ file, name, status: 'skipped', ms: 0 });
      continue;
    }
    const started = Date.now();
    try {
      if (setupError) throw setupError;
      for (const hook of before) await hook();
      try {
        await t.fn();
      } finally {
        for (const hook of after) await hook();
      }
      results.push({ file, name, status: 'passed', ms: Date.now() - started });
    } catch (error) {
      const message = describeError(error);
      results.push({ file, name, status: 'failed', error: message, ms: Date.now() - started });
      log(`FAIL ${file} > ${name}\n  ${message}`);
    }
  }
  for (const child of suite.suites) await runSuite(file, child, names, { before, after }, results, log);
  for (const hook of suite.afterAll) {
    try {
      await hook();
    } catch (error) {
      results.push({
        file,
        name: [...names, '(afterAll)'].join(' > '),
        status: 'failed',
        error: describeError(error),
        ms: 0,
      });
    }
  }
}

/** Runs every registered test, file by file, and returns the counts with each result. */
export async function runAll(log: (line: string) => void = () => {}): Promise<Report> {
  const results: TestResult[] = [];
  for (const { file, root } of files) await runSuite(file, root, [], { before: [], after: [] }, results, log);
  const count = (status: TestResult['status']): number => results.filter((r) => r.status === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), results };
}

// ---------------------------------------------------------------------------------------------------
// expect

function typeTag(value: unknown): string {
  return Object.prototype.toString.call(value);
}

function equals(a: unknown, b: unknown, strict: boolean, seen = new WeakMap<object, unknown>()): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (typeTag(a) !== typeTag(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (a instanceof Error && b instanceof Error) return a.message === b.message && a.name === b.name;
  if (a instanceof ArrayBuffer && b instanceof ArrayBuffer)
    return equals(new Uint8Array(a), new Uint8Array(b), strict, seen);
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !equals(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) if (![...b].some((w) => equals(v, w, strict, seen))) return false;
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && i in a !== i in b) return false;
      if (!equals(a[i], b[i], strict, seen)) return false;
    }
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>): string[] =>
    Object.keys(o).filter((k) => strict || o[k] !== undefined);
  const ka = keys(ra);
  const kb = keys(rb);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(rb, k) && equals(ra[k], rb[k], strict, seen));
}

function matchesObject(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return equals(actual, expected, false);
  if (typeof actual !== 'object' || actual === null) return false;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matchesObject(actual[i], e))
    );
  }
  const a = actual as Record<string, unknown>;
  return Object.entries(expected as Record<string, unknown>).every(
    ([k, v]) => k in a && matchesObject(a[k], v),
  );
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (value instanceof Error) return `${value.name}(${JSON.stringify(value.message)})`;
  if (value instanceof Uint8Array) return `Uint8Array[${[...value].join(',')}]`;
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
    return text === undefined ? String(value) : text.length > 400 ? `${text.slice(0, 400)}…` : text;
  } catch {
    return String(value);
  }
}

export class AssertionError extends Error {
  override name = 'AssertionError';
}

type ErrorMatcher = string | RegExp | (abstract new (...args: never[]) => unknown) | Error | undefined;

function thrownMatches(error: unknown, expected: ErrorMatcher): boolean {
  if (expected === undefined) return true;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof expected === 'string') return message.includes(expected);
  if (expected instanceof RegExp) return expected.test(message);
  if (expected instanceof Error) return message === expected.message;
  return error instanceof expected;
}

function getPath(value: unknown, path: string | string[]): { found: boolean; value: unknown } {
  const parts = Array.isArray(path) ? path : path.split('.');
  let node: unknown = value;
  for (const part of parts) {
    if (node === null || node === undefined || !(part in Object(node)))
      return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[part];
  }
  return { found: true, value: node };
}

type Check = [pass: boolean, message: string];

function matchers(actual: unknown): Record<string, (...args: never[]) => Check> {
  const a = actual;
  return {
    toBe: (e: unknown) => [Object.is(a, e), `expected ${show(a)} to be ${show(e)}`],
    toEqual: (e: unknown) => [equals(a, e, false), `expected ${show(a)} to equal ${show(e)}`],
    toStrictEqual: (e: unknown) => [equals(a, e, true), `expected ${show(a)} to strictly equal ${show(e)}`],
    toMatch: (e: string | RegExp) => [
      typeof a === 'string' && (typeof e === 'string' ? a.includes(e) : e.test(a)),
      `expected ${show(a)} to match ${String(e)}`,
    ],
    toMatchObject: (e: unknown) => [matchesObject(a, e), `expected ${show(a)} to match object ${show(e)}`],
    toContain: (e: unknown) => [
      typeof a === 'string'
        ? a.includes(String(e))
        : Array.isArray(a) || a instanceof Set
          ? [...a].includes(e)
          : false,
      `expected ${show(a)} to contain ${show(e)}`,
    ],
    toHaveLength: (n: number) => [
      (a as { length?: unknown } | null)?.length === n,
      `expected length ${show((a as { length?: unknown } | null)?.length)} to be ${n}`,
    ],
    toHaveProperty: (path: string | string[], ...rest: unknown[]) => {
      const got = getPath(a, path);
      const pass = got.found && (rest.length === 0 || equals(got.value, rest[0], false));
      return [
        pass,
        `expected ${show(a)} to have property ${show(path)}${rest.length ? ` = ${show(rest[0])}` : ''}`,
      ];
    },
    toBeDefined: () => [a !== undefined, `expected ${show(a)} to be defined`],
    toBeUndefined: () => [a === undefined, `expected ${show(a)} to be undefined`],
    toBeNull: () => [a === null, `expected ${show(a)} to be null`],
    toBeTruthy: () => [Boolean(a), `expected ${show(a)} to be truthy`],
    toBeFalsy: () => [!a, `expected ${show(a)} to be falsy`],
    toBeInstanceOf: (c: abstract new (...args: never[]) => unknown) => [
      a instanceof c,
      `expected ${show(a)} to be an instance of ${c.name}`,
    ],
    toBeGreaterThan: (n: number) => [(a as number) > n, `expected ${show(a)} > ${n}`],
    toBeGreaterThanOrEqual: (n: number) => [(a as number) >= n, `expected ${show(a)} >= ${n}`],
    toBeLessThan: (n: number) => [(a as number) < n, `expected ${show(a)} < ${n}`],
    toBeLessThanOrEqual: (n: number) => [(a as number) <= n, `expected ${show(a)} <= ${n}`],
    toThrow: (e?: ErrorMatcher) => {
      if (typeof a !== 'function') return [false, 'expected a function to call'];
      try {
        (a as () => unknown)();
      } catch (error) {
        return [thrownMatches(error, e), `expected thrown ${show(error)} to match ${show(e)}`];
      }
      return [false, `expected the function to throw${e === undefined ? '' : ` ${show(e)}`}`];
    },
  };
}

const aliases: Record<string, string> = { toThrowError: 'toThrow' };

function assertionProxy(actual: unknown, negate: boolean, mode: 'sync' | 'resolves' | 'rejects'): unknown {
  return new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === 'not') return assertionProxy(actual, !negate, mode);
        if (prop === 'resolves') return assertionProxy(actual, negate, 'resolves');
        if (prop === 'rejects') return assertionProxy(actual, negate, 'rejects');
        if (prop === 'then') return undefined;
        const name = aliases[String(prop)] ?? String(prop);
        return (...args: never[]) => {
          const check = (value: unknown, thrown?: { error: unknown }): void => {
            let result: Check;
            if (thrown && name === 'toThrow') {
              const expected = args[0] as ErrorMatcher;
              result = [
                thrownMatches(thrown.error, expected),
                `expected rejection ${show(thrown.error)} to match ${show(expected)}`,
              ];
            } else {
              const matcher = matchers(value)[name];
              if (!matcher)
                throw new AssertionError(`matcher ${name} is not supported by the runtime matrix shim`);
              result = matcher(...args);
            }
            const [pass, message] = result;
            if (pass === negate) throw new AssertionError(negate ? `not: ${message}` : message);
          };
          if (mode === 'sync') return check(actual);
          return Promise.resolve(actual).then(
            (value) => {
              if (mode === 'rejects') throw new AssertionError(`expected a rejection, got ${show(value)}`);
              check(value);
            },
            (error: unknown) => {
              if (mode === 'resolves')
                throw new AssertionError(`expected a resolution, got rejection ${show(error)}`);
              check(error, { error });
            },
          );
        };
      },
    },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: the shim mirrors vitest's loosely typed `expect` chain.
export function expect(actual: unknown): any {
  return assertionProxy(actual, false, 'sync');
}
