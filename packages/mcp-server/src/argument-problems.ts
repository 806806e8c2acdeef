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
    return [fieldProblem(base || '(arguments)', issue.message)];
  });
}
