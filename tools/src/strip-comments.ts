import ts from 'typescript';

const printer = ts.createPrinter({ removeComments: true });

/**
 * The code of a TypeScript module with every comment removed, as the TypeScript compiler parses it:
 * a `//` or `/*` inside a string, template or regular expression stays, a comment never does.
 */
export function stripComments(source: string, fileName = 'module.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printFile(file);
}
