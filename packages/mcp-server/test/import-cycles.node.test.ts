import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Layers point down, files too: an import cycle (type-only ones included) means a shared type has not
// moved down yet. The graph is read with TypeScript's own import scanner, so `import type` and
// `export … from` count like any import.

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path));
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each cycle once, as the files along it (depth-first search with the path on a stack). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): void => {
    if (onPath.has(file)) {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe('imports of src/', () => {
  it('form no cycle, type-only imports included', () => {
    const cycles = cyclesOf(importGraph(sourceFiles(SRC))).map((cycle) =>
      cycle.map((file) => relative(SRC, file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });

  it('the check sees a type-only cycle', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    expect(
      cyclesOf(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([[a, b, a]]);
  });
});
