/**
 * Checks `packages/mcp-server/server.json`, the MCP Registry's entry of `@acctkit/mcp-server`, before
 * `mcp-publisher publish` sends it: valid against the registry's schema (vendored beside this file, see
 * README.md), and in step with the package: `name` is the package's `mcpName` (which the registry
 * looks for in the npm package to prove ownership), every version is the package's, the npm package
 * is this one, and every environment variable described is one the server reads.
 *
 *   pnpm exec tsx tools/src/registry/check-server-json.ts     → exit 1 with the problems
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENV_VARIABLES } from '@acctkit/mcp-server/node';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { repoRoot } from '../paths.ts';

/** The registry's schema of server.json, 2025-12-11. */
export const serverSchema: { $id: string } & Record<string, unknown> = JSON.parse(
  readFileSync(join(import.meta.dirname, 'server.schema.json'), 'utf8'),
);

/** The entry's file. */
export const serverJsonFile: string = join(repoRoot, 'packages', 'mcp-server', 'server.json');

/** The parts of `@acctkit/mcp-server`'s package.json the check reads. */
export interface ServerPackage {
  readonly name: string;
  readonly version: string;
  readonly mcpName?: string;
  readonly repository?: { readonly url?: string; readonly directory?: string };
}

/** The parts of server.json the check reads beyond the schema. */
interface ServerJson {
  readonly $schema?: string;
  readonly name?: string;
  readonly version?: string;
  readonly repository?: { readonly url?: string; readonly subfolder?: string };
  readonly packages?: readonly {
    readonly registryType?: string;
    readonly identifier?: string;
    readonly version?: string;
    readonly environmentVariables?: readonly { readonly name: string }[];
  }[];
}

/** The variables the server reads: environment mode's, and the connection store's file. */
export const SERVER_VARIABLES: readonly string[] = [...ENV_VARIABLES, 'ACCTKIT_CONNECTIONS_FILE'];

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;
const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(serverSchema);

/**
 * What is wrong with a server.json for a package.
 *
 * @param entry - The parsed server.json.
 * @param pkg - The parsed package.json of `@acctkit/mcp-server`.
 * @returns One line per problem; none when it may be published.
 */
export function serverJsonProblems(entry: unknown, pkg: ServerPackage): string[] {
  const problems: string[] = [];
  if (!validate(entry))
    for (const error of validate.errors ?? [])
      problems.push(`schema: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  const json = (entry ?? {}) as ServerJson;
  if (json.$schema !== serverSchema.$id) problems.push(`$schema must be ${serverSchema.$id}`);
  if (!pkg.mcpName) problems.push(`${pkg.name} has no mcpName in its package.json`);
  else if (json.name !== pkg.mcpName) problems.push(`name ${json.name} is not mcpName ${pkg.mcpName}`);
  if (json.version !== pkg.version)
    problems.push(`version ${json.version} is not ${pkg.name}'s ${pkg.version} (run pnpm version:packages)`);
  const repository = pkg.repository?.url?.replace(/^git\+/, '').replace(/\.git$/, '');
  if (json.repository?.url !== repository)
    problems.push(`repository.url ${json.repository?.url} is not the package's ${repository}`);
  if (json.repository?.subfolder !== pkg.repository?.directory)
    problems.push(`repository.subfolder ${json.repository?.subfolder} is not ${pkg.repository?.directory}`);
  const npm = (json.packages ?? []).filter((p) => p.registryType === 'npm');
  if (npm.length !== 1) problems.push(`packages must hold the npm package once (found ${npm.length})`);
  for (const p of npm) {
    if (p.identifier !== pkg.name) problems.push(`packages: npm ${p.identifier} is not ${pkg.name}`);
    if (p.version !== pkg.version)
      problems.push(`packages: ${p.identifier}@${p.version} is not version ${pkg.version}`);
    for (const variable of p.environmentVariables ?? [])
      if (!SERVER_VARIABLES.includes(variable.name))
        problems.push(`packages: ${variable.name} is not a variable the server reads`);
  }
  return problems;
}

/** Reads both files and checks them. */
export function checkServerJson(file: string = serverJsonFile): string[] {
  const entry = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const pkg = JSON.parse(readFileSync(join(file, '..', 'package.json'), 'utf8')) as ServerPackage;
  return serverJsonProblems(entry, pkg);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const problems = checkServerJson();
  for (const problem of problems) console.error(`server.json: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`${serverJsonFile}: valid against ${serverSchema.$id}, in step with its package`);
}
