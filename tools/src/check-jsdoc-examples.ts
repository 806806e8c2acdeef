/**
 * Typechecks the JSDoc `@example` blocks of a package against its built declarations, as a user's
 * code would see them. Each ```ts block under an `@example` tag becomes a module of its own inside
 * the package (so the package's own name and its dependencies resolve as they do for a user of it);
 * as Deno's doc tests do, the public names it uses and does not import are imported from the entry
 * point (`exports`) that exports them. Everything else an example uses it must import or declare.
 *
 *   tsx tools/src/check-jsdoc-examples.ts [packages/mcp-server …]     (after pnpm build)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './paths.ts';

/** One `@example` code block of a source file. */
export interface JsdocExample {
  /** The source file, relative to the package. */
  readonly file: string;
  /** The 1-based line of the example's first code line in `file`. */
  readonly line: number;
  readonly code: string;
}

/** The `@example` blocks of one module's source: the fenced ```ts (or ```typescript) code under each tag. */
export function jsdocExamples(source: string, file: string): JsdocExample[] {
  const examples: JsdocExample[] = [];
  for (const comment of source.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const start = source.slice(0, comment.index).split('\n').length;
    const lines = comment[0]
      .split('\n')
      .map((l) => l.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\s*\*\/$/, ''));
    let inExample = false;
    let fence: { first: number; code: string[] } | undefined;
    lines.forEach((line, i) => {
      if (fence) {
        if (/^```\s*$/.test(line)) {
          examples.push({ file, line: start + fence.first, code: fence.code.join('\n') });
          fence = undefined;
        } else fence.code.push(line);
        return;
      }
      if (/^@example\b/.test(line)) inExample = true;
      else if (/^@\w/.test(line)) inExample = false;
      else if (inExample && /^```(ts|typescript)\s*$/.test(line)) fence = { first: i + 1, code: [] };
    });
  }
  return examples;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'generated') found.push(...sourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found.sort();
}

interface Manifest {
  readonly name: string;
  readonly exports?: Record<string, string | { readonly types?: string }>;
}

/** Where an example finds a name it uses: the module specifier, and whether the name is a type only. */
export interface NameSource {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

/** The names each declaration file exports, with the specifier an example imports them by. */
function exportedNames(
  files: readonly (readonly [specifier: string, declarations: string])[],
  options: ts.CompilerOptions,
): Map<string, NameSource>[] {
  const program = ts.createProgram(
    files.map(([, declarations]) => declarations),
    options,
  );
  const checker = program.getTypeChecker();
  return files.map(([specifier, declarations]) => {
    const names = new Map<string, NameSource>();
    const file = program.getSourceFile(declarations);
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) return names;
    for (const exported of checker.getExportsOfModule(symbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      names.set(exported.name, { specifier, typeOnly: (target.flags & ts.SymbolFlags.Value) === 0 });
    }
    return names;
  });
}

/**
 * The example as a module: imports of the names it uses without importing or declaring them, each
 * from the first of `sources` that exports it.
 */
export function exampleModule(
  code: string,
  sources: readonly ReadonlyMap<string, NameSource>[],
): { text: string; added: number } {
  const own = new Set<string>();
  for (const m of code.matchAll(/\bimport\s+(?:type\s+)?([^;]*?)\s+from\s/g)) {
    for (const name of (m[1] ?? '').matchAll(/(?:\bas\s+)?\b([A-Za-z_$][\w$]*)\b/g)) own.add(name[1] ?? '');
  }
  for (const m of code.matchAll(
    /\b(?:const|let|var|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g,
  ))
    own.add(m[1] ?? '');
  const bySpecifier = new Map<string, Set<string>>();
  for (const m of code.matchAll(/(?<![.\w$'"`])([A-Za-z_$][\w$]*)/g)) {
    const name = m[1] ?? '';
    const source = own.has(name) ? undefined : sources.map((s) => s.get(name)).find(Boolean);
    if (!source) continue;
    const names = bySpecifier.get(source.specifier) ?? new Set();
    bySpecifier.set(source.specifier, names.add(source.typeOnly ? `type ${name}` : name));
  }
  const imports = [...bySpecifier].map(
    ([specifier, names]) => `import { ${[...names].sort().join(', ')} } from '${specifier}';`,
  );
  return { text: [...imports, code, 'export {};', ''].join('\n'), added: imports.length };
}

/** The compiler errors of every `@example` of the package's `src/`, each naming the example's file and line. */
export async function checkJsdocExamples(
  packageDir: string,
): Promise<{ examples: number; errors: string[] }> {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;
  const base = ts.parseJsonConfigFileContent(
    ts.readConfigFile(join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile).config,
    ts.sys,
    repoRoot,
  ).options;
  const typeRoots = [join(packageDir, 'node_modules', '@types')].filter(existsSync);
  const options: ts.CompilerOptions = {
    ...base,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    isolatedDeclarations: false,
    noUnusedLocals: false,
    noUnusedParameters: false,
    typeRoots,
    types: typeRoots.length > 0 && existsSync(join(typeRoots[0] ?? '', 'node')) ? ['node'] : [],
  };
  const entries: [string, string][] = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const types = typeof target === 'string' ? undefined : target.types;
    if (!types) continue;
    if (!existsSync(resolve(packageDir, types)))
      throw new Error(`${relative(repoRoot, packageDir)}: ${types} is missing: run pnpm build`);
    entries.push([
      subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      resolve(packageDir, types),
    ]);
  }
  const publicNames = new Map<string, NameSource>();
  for (const names of exportedNames(entries, options))
    for (const [name, source] of names) if (!publicNames.has(name)) publicNames.set(name, source);
  const examples = sourceFiles(join(packageDir, 'src')).flatMap((file) =>
    jsdocExamples(readFileSync(file, 'utf8'), relative(packageDir, file)),
  );
  // Inside the package (git and Biome ignore .acctkit/), so its name and dependencies resolve.
  await mkdir(join(packageDir, '.acctkit'), { recursive: true });
  const dir = await mkdtemp(join(packageDir, '.acctkit', 'jsdoc-examples-'));
  try {
    // An example of an internal module also sees that module's own exports (its built declarations).
    const documented = [...new Set(examples.map((e) => e.file))].map((file): [string, string] => {
      const built = join(packageDir, 'dist', file.replace(/^src\//, '').replace(/\.ts$/, '.js'));
      return [relative(dir, built).replace(/^(?!\.)/, './'), built.replace(/\.js$/, '.d.ts')];
    });
    const moduleNames = new Map(
      exportedNames(documented, options).map((names, i) => [documented[i]?.[0] ?? '', names]),
    );
    const modules = new Map<string, { example: JsdocExample; added: number }>();
    for (const [i, example] of examples.entries()) {
      const ownModule = relative(dir, join(packageDir, 'dist', example.file.replace(/^src\//, '')))
        .replace(/\.ts$/, '.js')
        .replace(/^(?!\.)/, './');
      const { text, added } = exampleModule(example.code, [
        publicNames,
        moduleNames.get(ownModule) ?? new Map(),
      ]);
      const path = join(dir, `example-${i}.ts`);
      await writeFile(path, text);
      modules.set(path, { example, added });
    }
    const program = ts.createProgram([...modules.keys()], options);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const at = d.file && modules.get(resolve(d.file.fileName));
      if (!d.file || !at) return `TS${d.code}: ${message}`;
      const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line - at.added;
      return `${at.example.file}:${at.example.line + line}: TS${d.code}: ${message}`;
    });
    return { examples: examples.length, errors };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Packages whose examples `pnpm test` typechecks (tools/test/jsdoc-examples.test.ts): each is built
 * before the tools' tests run (a dependency of tools/, or of one).
 */
export const checkedPackages: readonly string[] = [
  'packages/signer',
  'packages/client',
  'packages/change-journal',
  'packages/edge-proxy',
  'packages/mcp-server',
  'packages/reconcile',
  'packages/sandbox',
  'packages/testing',
  'packages/token-vault',
  'openapi',
];

async function main(): Promise<void> {
  const dirs = process.argv.slice(2);
  let failed = false;
  for (const dir of dirs.length > 0 ? dirs : checkedPackages) {
    const { examples, errors } = await checkJsdocExamples(resolve(repoRoot, dir));
    console.log(`${errors.length === 0 ? 'ok  ' : 'FAIL'}  ${dir.padEnd(20)} ${examples} JSDoc examples`);
    for (const error of errors) console.log(`      ${error.replace(/\n/g, '\n      ')}`);
    if (errors.length > 0) failed = true;
  }
  if (failed) process.exit(1);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
