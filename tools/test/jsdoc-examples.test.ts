import { describe, expect, it } from 'vitest';
import {
  checkedPackages,
  checkJsdocExamples,
  exampleModule,
  jsdocExamples,
} from '../src/check-jsdoc-examples.ts';
import { repoRoot } from '../src/paths.ts';

const source = [
  '/**',
  ' * Adds.',
  ' *',
  ' * @param a - One.',
  ' * @example',
  ' * ```ts',
  ' * const sum = add(1, 2);',
  ' * ```',
  ' * @returns The sum.',
  ' */',
  'export function add(a: number, b: number): number {',
  '  return a + b;',
  '}',
  '/** Not an example: ```ts\\nnope\\n``` */',
].join('\n');

describe('JSDoc examples', () => {
  it('extracts the fenced code under each @example tag, with its line in the source', () => {
    expect(jsdocExamples(source, 'src/add.ts')).toEqual([
      { file: 'src/add.ts', line: 7, code: 'const sum = add(1, 2);' },
    ]);
  });

  it('imports the names an example uses but neither imports nor declares, types as types', () => {
    const names = new Map([
      ['add', { specifier: '@acctkit/math', typeOnly: false }],
      ['Sum', { specifier: '@acctkit/math/types', typeOnly: true }],
      ['sum', { specifier: '@acctkit/math', typeOnly: false }],
    ]);
    const { text, added } = exampleModule("import { x } from 'y';\nconst sum: Sum = add(x, 'add');", [names]);
    expect(added).toBe(2);
    expect(text.split('\n').slice(0, 2).sort()).toEqual([
      "import { add } from '@acctkit/math';",
      "import { type Sum } from '@acctkit/math/types';",
    ]);
  });

  for (const dir of checkedPackages) {
    it(`every example of ${dir} compiles against its built declarations`, async () => {
      const { examples, errors } = await checkJsdocExamples(`${repoRoot}/${dir}`);
      expect(examples).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  }
});
