/** How argument errors read: zod issues as the tool's argument paths. */
import type { z } from 'zod';
import type { JsonSchema } from './json-schema.js';
import { fieldProblem } from './tool-failure.js';

/** Field problems of zod issues, as argument paths. */
export function problemsOf(error: z.ZodError, variant?: string): ReturnType<typeof fieldProblem>[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) =>
        fieldProblem(
          base ? `${base}.${key}` : key,
          variant ? `not a field of ${variant} businesses` : 'not an argument of this tool',
        ),
      );
    return [fieldProblem(base || '(arguments)', inWords(issue) ?? issue.message)];
  });
}

/** Length limits in words: `tools/list` leaves them out (DECISIONS MC30), so the error says them. */
function inWords(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `at most ${String(issue.maximum)} characters`;
  if (issue.code === 'too_small' && issue.origin === 'string')
    return `at least ${String(issue.minimum)} characters`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `at most ${String(issue.maximum)} items`;
  return undefined;
}

/** The pattern of a decimal string (`^-?\d{1,8}(\.\d{1,2})?$`), capturing its most decimals. */
const DECIMAL_PATTERN = /^\^(?:-\?)?\\d\{1,\d+\}\(\\\.\\d\{1,(\d)\}\)\?\$$/;

const DECIMALS_IN_WORDS = ['no', 'one', 'two', 'three', 'four'];

/**
 * What a decimal-string field's problem says (`give the amount as a string with at most two
 * decimals, like "99.00"`), or `undefined` for any other schema. Money stays a string end to end, so
 * a JSON number is refused rather than converted (a float sum such as `0.1 + 0.2` is `0.30000000000000004`).
 */
export function decimalProblem(schema: JsonSchema): string | undefined {
  if (schema.type !== 'string' || schema.pattern === undefined) return undefined;
  const decimals = Number(DECIMAL_PATTERN.exec(schema.pattern)?.[1]);
  if (!Number.isInteger(decimals)) return undefined;
  const what = decimals === 2 ? 'amount' : 'number';
  const example = decimals === 2 ? '99.00' : '19.00';
  return `give the ${what} as a string with at most ${DECIMALS_IN_WORDS[decimals] ?? decimals} decimals, like "${example}"`;
}
