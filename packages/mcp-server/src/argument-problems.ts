/** How argument errors read: zod issues as the tool's argument paths. */
import type { z } from 'zod';
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
