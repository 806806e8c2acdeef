/**
 * vitest's own `expect`, built from `@vitest/expect` (the package vitest itself builds it from, at
 * the same version) the way vitest's `createExpect` does, minus snapshots and `expect.poll`, which
 * need vitest's runner. Matchers, messages, asymmetric matchers and `expect.extend` behave exactly
 * as under vitest, so a test that passes on Node passes or fails for the same reason in every runtime.
 */
import {
  ASYMMETRIC_MATCHERS_OBJECT,
  ChaiStyleAssertions,
  chai,
  customMatchers,
  type ExpectStatic,
  GLOBAL_EXPECT,
  getState,
  JestAsymmetricMatchers,
  JestChaiExpect,
  JestExtend,
  type MatcherState,
  setState,
} from '@vitest/expect';

// chai.use skips a plugin it has seen, so this is harmless when vitest has loaded the same chai.
chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(ChaiStyleAssertions);
chai.use(JestAsymmetricMatchers);

/** The assertion counters of a test that has not asserted anything yet, as vitest starts each test. */
const freshAssertionState = {
  assertionCalls: 0,
  isExpectingAssertions: false,
  isExpectingAssertionsError: null,
  expectedAssertionsNumber: null,
  expectedAssertionsNumberErrorGen: null,
};

function createExpect(): ExpectStatic {
  const expect = ((value: unknown, message?: string) => {
    const { assertionCalls } = getState(expect);
    setState({ assertionCalls: assertionCalls + 1 }, expect);
    return chai.expect(value, message);
  }) as ExpectStatic;
  Object.assign(expect, chai.expect);
  Object.assign(expect, (globalThis as Record<symbol, unknown>)[ASYMMETRIC_MATCHERS_OBJECT]);
  expect.getState = () => getState(expect);
  expect.setState = (state) => setState(state as Partial<MatcherState>, expect);
  setState<MatcherState & Record<string, unknown>>({ ...freshAssertionState }, expect);
  expect.assert = chai.assert;
  // chai's typings do not declare the `extend` that JestExtend adds to chai.expect.
  const chaiExpect = chai.expect as unknown as { extend: (target: ExpectStatic, matchers: unknown) => void };
  expect.extend = (matchers) => chaiExpect.extend(expect, matchers);
  expect.unreachable = (message?: string) => {
    chai.assert.fail(`expected${message ? ` "${message}" ` : ' '}not to be reached`);
  };
  const unsupported = (name: string) => () => {
    throw new Error(`expect.${name} needs vitest's runner and is not available in the runtime matrix`);
  };
  expect.soft = unsupported('soft') as ExpectStatic['soft'];
  expect.poll = unsupported('poll') as ExpectStatic['poll'];
  chai.util.addMethod(expect, 'assertions', (expected: number) => {
    setState<MatcherState & Record<string, unknown>>(
      {
        expectedAssertionsNumber: expected,
        expectedAssertionsNumberErrorGen: () =>
          new Error(
            `expected number of assertions to be ${expected}, but got ${getState(expect).assertionCalls}`,
          ),
      },
      expect,
    );
  });
  chai.util.addMethod(expect, 'hasAssertions', () => {
    setState<MatcherState & Record<string, unknown>>(
      {
        isExpectingAssertions: true,
        isExpectingAssertionsError: new Error('expected any number of assertion, but got none'),
      },
      expect,
    );
  });
  expect.extend(customMatchers);
  return expect;
}

/** The `expect` that test modules import from `vitest` in the runtime matrix. */
export const expect: ExpectStatic = createExpect();

// @vitest/expect reads shared matcher state through this global; under vitest it is vitest's own.
if (!(GLOBAL_EXPECT in globalThis)) {
  Object.defineProperty(globalThis, GLOBAL_EXPECT, { value: expect, writable: true, configurable: true });
}

/** Resets the per-test assertion counters, as vitest does before each test. */
export function resetAssertionState(): void {
  setState<MatcherState & Record<string, unknown>>({ ...freshAssertionState }, expect);
}

/** Throws when the test asked for `expect.assertions(n)` or `expect.hasAssertions()` and fell short. */
export function checkAssertionCount(): void {
  const state = getState(expect) as MatcherState & {
    expectedAssertionsNumber: number | null;
    expectedAssertionsNumberErrorGen: (() => Error) | null;
    isExpectingAssertions: boolean;
    isExpectingAssertionsError: Error | null;
  };
  if (state.expectedAssertionsNumber !== null && state.assertionCalls !== state.expectedAssertionsNumber) {
    throw state.expectedAssertionsNumberErrorGen?.() ?? new Error('wrong number of assertions');
  }
  if (state.isExpectingAssertions && state.assertionCalls === 0) {
    throw state.isExpectingAssertionsError ?? new Error('expected any number of assertion, but got none');
  }
}
