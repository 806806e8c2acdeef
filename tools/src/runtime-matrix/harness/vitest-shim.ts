/**
 * A small runner with the part of vitest's API that runtime-neutral test modules use. The runtime
 * matrix bundles every test module with `vitest` resolved to this file, so the same module runs under
 * vitest on Node and under this runner in Deno, Bun, workerd and browsers. `expect` is vitest's own
 * (see ./expect.ts). As in vitest: tests run in declaration order; `.only` focuses its file (and is
 * refused when `allowOnly` is false, as vitest does on CI); every test and hook has a timeout.
 *
 * Why not `@cloudflare/vitest-pool-workers`: it was tried (0.23.0, with vitest 4.1.12, on Node 20.20
 * here). It installs from npm and runs a test inside a local workerd without network, in spite of its
 * `engines: node >=22` warning, so workerd alone could move to it. But it covers workerd only: Deno,
 * Bun and Chromium still need this runner, so the matrix would keep this file and gain a second
 * harness. It also pins its own miniflare (5.x alpha) and wrangler beside the repository's miniflare
 * 4, and announces on every run that it "has been renamed to @cloudflare/vitest-plugin. This package
 * will not receive future updates." Revisit when the matrix drops Deno and Bun, or when vitest runs
 * in each of them itself.
 */
import { checkAssertionCount, expect, resetAssertionState } from './expect.ts';

export { expect };

type Hook = () => unknown;
type TestFn = () => unknown;
type Mode = 'run' | 'skip' | 'only' | 'todo';

interface TestCase {
  readonly kind: 'test';
  readonly name: string;
  readonly fn: TestFn | undefined;
  readonly mode: Mode;
  readonly timeout: number | undefined;
}

interface Suite {
  readonly kind: 'suite';
  readonly name: string;
  mode: Mode;
  readonly children: (TestCase | Suite)[];
  readonly beforeAll: Hook[];
  readonly afterAll: Hook[];
  readonly beforeEach: Hook[];
  readonly afterEach: Hook[];
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
  /** Files in which `.only` focused the run: only their marked tests ran. */
  focused: string[];
  results: TestResult[];
}

/** How {@link runAll} runs the registered tests. */
export interface RunOptions {
  /** Run `.only` tests alone (true, the default) or fail the file that has one (false, as on CI). */
  readonly allowOnly?: boolean;
  /** Milliseconds a test may take unless it passes its own timeout. Default 5000, as in vitest. */
  readonly testTimeout?: number;
  /** Milliseconds a hook may take. Default 10000, as in vitest. */
  readonly hookTimeout?: number;
}

export const DEFAULT_TEST_TIMEOUT = 5_000;
export const DEFAULT_HOOK_TIMEOUT = 10_000;

function newSuite(name: string, mode: Mode = 'run'): Suite {
  return {
    kind: 'suite',
    name,
    mode,
    children: [],
    beforeAll: [],
    afterAll: [],
    beforeEach: [],
    afterEach: [],
  };
}

let files: { file: string; root: Suite }[] = [];
let current: Suite = newSuite('');
files.push({ file: '(unnamed)', root: current });

/** Starts a new file scope: every test registered from now on is reported under `file`. */
export function enterFile(file: string): void {
  current = newSuite('');
  files.push({ file, root: current });
}

type TestOptions = { timeout?: number; skip?: boolean; only?: boolean; todo?: boolean };
type ItFn = (
  name: string,
  fnOrOptions?: TestFn | TestOptions | number,
  fnOrTimeout?: TestFn | number,
) => void;
type DescribeFn = (name: string, fnOrOptions?: (() => void) | TestOptions, fn?: () => void) => void;
type Each = <T>(
  table: readonly T[],
) => (name: string, fn: (...args: never[]) => unknown, timeout?: number) => void;

interface ItApi extends ItFn {
  skip: ItFn;
  only: ItFn;
  todo: (name: string) => void;
  skipIf: (condition: unknown) => ItFn;
  runIf: (condition: unknown) => ItFn;
  each: Each;
}
interface DescribeApi extends DescribeFn {
  skip: DescribeFn;
  only: DescribeFn;
  todo: (name: string) => void;
  skipIf: (condition: unknown) => DescribeFn;
  runIf: (condition: unknown) => DescribeFn;
  each: Each;
}

function modeOf(base: Mode, options: TestOptions | undefined): Mode {
  if (options?.todo) return 'todo';
  if (options?.skip || base === 'skip') return 'skip';
  if (options?.only || base === 'only') return 'only';
  return base;
}

/** Accepts vitest's shapes: (name, fn), (name, fn, timeout), (name, options, fn). */
function parseTestArgs(
  a: TestFn | TestOptions | number | undefined,
  b: TestFn | number | undefined,
): { fn: TestFn | undefined; options: TestOptions | undefined; timeout: number | undefined } {
  if (typeof a === 'function')
    return { fn: a, options: undefined, timeout: typeof b === 'number' ? b : undefined };
  const options = typeof a === 'number' ? { timeout: a } : a;
  return { fn: typeof b === 'function' ? b : undefined, options, timeout: options?.timeout };
}

function makeIt(base: Mode): ItFn {
  return (name, a, b) => {
    const { fn, options, timeout } = parseTestArgs(a, b);
    const mode = fn === undefined ? 'todo' : modeOf(base, options);
    current.children.push({ kind: 'test', name, fn, mode, timeout });
  };
}

function makeDescribe(base: Mode): DescribeFn {
  return (name, a, b) => {
    const fn = typeof a === 'function' ? a : b;
    const options = typeof a === 'object' ? a : undefined;
    const parent = current;
    const suite = newSuite(name, fn === undefined ? 'todo' : modeOf(base, options));
    parent.children.push(suite);
    current = suite;
    try {
      fn?.();
    } finally {
      current = parent;
    }
  };
}

/** Formats an `each` title the way vitest does for the common placeholders. */
function eachTitle(template: string, row: unknown, args: unknown[], index: number): string {
  let i = 0;
  const title = template.replace(/%[sdifjo#%]/g, (token) => {
    if (token === '%%') return '%';
    if (token === '%#') return String(index);
    const value = args[i++];
    if (token === '%j' || token === '%o') return JSON.stringify(value);
    if (token === '%d' || token === '%i') return String(Math.trunc(Number(value)));
    return typeof value === 'string' ? value : String(value);
  });
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return title;
  return title.replace(/\$([\w.]+)/g, (whole, key: string) => {
    const value = (row as Record<string, unknown>)[key];
    return value === undefined ? whole : typeof value === 'string' ? value : JSON.stringify(value);
  });
}

function makeEach(register: ItFn | DescribeFn): Each {
  return (table) => (name, fn, timeout) => {
    table.forEach((row, index) => {
      const args = Array.isArray(row) ? [...row] : [row];
      const call = () => (fn as (...a: unknown[]) => unknown)(...args);
      (register as ItFn)(eachTitle(name, row, args, index), call, timeout);
    });
  };
}

function api<F extends ItFn | DescribeFn>(make: (mode: Mode) => F) {
  const run = make('run');
  return Object.assign(run, {
    skip: make('skip'),
    only: make('only'),
    todo: (name: string) => (make('todo') as ItFn)(name),
    skipIf: (condition: unknown) => make(condition ? 'skip' : 'run'),
    runIf: (condition: unknown) => make(condition ? 'run' : 'skip'),
    each: makeEach(run),
  });
}

export const it: ItApi = api(makeIt) as ItApi;
export const test: ItApi = it;
export const describe: DescribeApi = api(makeDescribe) as DescribeApi;

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

// Captured at load: a test that replaces the global timers must not disable its own timeout.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Runs `fn`, failing with a message naming `what` when it takes longer than `ms`. */
async function withTimeout(fn: () => unknown, ms: number, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, fail) => {
    timer = realSetTimeout(() => {
      fail(new Error(`${what} timed out in ${ms}ms. Pass a longer timeout as the third argument of it().`));
    }, ms);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), expired]);
  } finally {
    realClearTimeout(timer);
  }
}

function hasOnly(suite: Suite): boolean {
  return suite.children.some((c) => c.mode === 'only' || (c.kind === 'suite' && hasOnly(c)));
}

function onlyNames(suite: Suite, path: string[]): string[] {
  const names = suite.name ? [...path, suite.name] : path;
  return suite.children.flatMap((c) => [
    ...(c.mode === 'only' ? [[...names, c.name].join(' > ')] : []),
    ...(c.kind === 'suite' ? onlyNames(c, names) : []),
  ]);
}

interface Context {
  readonly file: string;
  /** Whether `.only` focuses this file. */
  readonly focused: boolean;
  readonly testTimeout: number;
  readonly hookTimeout: number;
  readonly results: TestResult[];
  readonly log: (line: string) => void;
}

async function runSuite(
  ctx: Context,
  suite: Suite,
  path: string[],
  inherited: { before: Hook[]; after: Hook[] },
  parentSelected: boolean,
  parentSkipped: boolean,
): Promise<void> {
  const before = [...inherited.before, ...suite.beforeEach];
  const after = [...suite.afterEach, ...inherited.after];
  const names = suite.name ? [...path, suite.name] : path;
  const selected = parentSelected || suite.mode === 'only';
  const skipped = parentSkipped || suite.mode === 'skip' || suite.mode === 'todo';
  const willRun = (t: TestCase): boolean =>
    !skipped &&
    t.fn !== undefined &&
    (t.mode === 'run' || t.mode === 'only') &&
    (!ctx.focused || selected || t.mode === 'only');
  const anyRuns = (s: Suite, sel: boolean): boolean =>
    s.mode !== 'skip' &&
    s.mode !== 'todo' &&
    s.children.some((c) =>
      c.kind === 'test'
        ? c.fn !== undefined &&
          (c.mode === 'run' || c.mode === 'only') &&
          (!ctx.focused || sel || c.mode === 'only')
        : anyRuns(c, sel || c.mode === 'only'),
    );
  const active = !skipped && anyRuns(suite, selected);
  let setupError: unknown;
  if (active) {
    try {
      for (const hook of suite.beforeAll)
        await withTimeout(hook, ctx.hookTimeout, `beforeAll of "${names.join(' > ')}"`);
    } catch (error) {
      setupError = error;
    }
  }
  for (const child of suite.children) {
    if (child.kind === 'suite') {
      await runSuite(ctx, child, names, { before, after }, selected, skipped);
      continue;
    }
    const name = [...names, child.name].join(' > ');
    if (!willRun(child)) {
      ctx.results.push({ file: ctx.file, name, status: 'skipped', ms: 0 });
      continue;
    }
    const started = Date.now();
    try {
      if (setupError) throw setupError;
      resetAssertionState();
      for (const hook of before) await withTimeout(hook, ctx.hookTimeout, `beforeEach of "${name}"`);
      try {
        await withTimeout(child.fn as TestFn, child.timeout ?? ctx.testTimeout, `Test "${name}"`);
        checkAssertionCount();
      } finally {
        for (const hook of after) await withTimeout(hook, ctx.hookTimeout, `afterEach of "${name}"`);
      }
      ctx.results.push({ file: ctx.file, name, status: 'passed', ms: Date.now() - started });
    } catch (error) {
      const message = describeError(error);
      ctx.results.push({ file: ctx.file, name, status: 'failed', error: message, ms: Date.now() - started });
      ctx.log(`FAIL ${ctx.file} > ${name}\n  ${message}`);
    }
  }
  if (!active) return;
  for (const hook of suite.afterAll) {
    try {
      await withTimeout(hook, ctx.hookTimeout, `afterAll of "${names.join(' > ')}"`);
    } catch (error) {
      const message = describeError(error);
      ctx.results.push({
        file: ctx.file,
        name: [...names, '(afterAll)'].join(' > '),
        status: 'failed',
        error: message,
        ms: 0,
      });
      ctx.log(`FAIL ${ctx.file} > ${[...names, '(afterAll)'].join(' > ')}\n  ${message}`);
    }
  }
}

/**
 * Runs every test registered since the last run, file by file, and returns the counts with each
 * result. A file with `.only` runs only its marked tests (the report lists it under `focused`), or,
 * with `allowOnly: false`, fails without running anything.
 */
export async function runAll(
  log: (line: string) => void = () => {},
  options: RunOptions = {},
): Promise<Report> {
  const results: TestResult[] = [];
  const focused: string[] = [];
  const taken = files;
  files = [];
  current = newSuite('');
  files.push({ file: '(unnamed)', root: current });
  for (const { file, root } of taken) {
    const only = hasOnly(root);
    if (only && options.allowOnly === false) {
      const error = `.only is not allowed in this run (CI is set): remove it from ${onlyNames(root, [])
        .map((n) => `"${n}"`)
        .join(', ')}`;
      results.push({ file, name: '(.only)', status: 'failed', error, ms: 0 });
      log(`FAIL ${file}\n  ${error}`);
      continue;
    }
    if (only) {
      focused.push(file);
      log(`ONLY ${file}: .only is set, so only its marked tests run`);
    }
    const ctx: Context = {
      file,
      focused: only,
      testTimeout: options.testTimeout ?? DEFAULT_TEST_TIMEOUT,
      hookTimeout: options.hookTimeout ?? DEFAULT_HOOK_TIMEOUT,
      results,
      log,
    };
    await runSuite(ctx, root, [], { before: [], after: [] }, false, false);
  }
  const count = (status: TestResult['status']): number => results.filter((r) => r.status === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), focused, results };
}
