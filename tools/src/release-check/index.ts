/**
 * Proves that every public package installs from its tarball and runs as its README says, the way a
 * user outside this repository gets it: packed with pnpm into packed/, installed with plain npm into
 * an empty project in a temporary folder (no workspace, no pnpm, no link into the repository), then
 * used: the bins through npx, an ESM script importing the libraries, and the READMEs' from-clone
 * commands run as written, with the `--sandbox` features (which need better-sqlite3, a native module)
 * on top of them. It prints each tarball's packed and installed size, each install's time and each
 * bin package's install footprint, and fails when a README states a footprint 25% off the measured one
 * or a footprint passes its limit (FOOTPRINT_LIMITS).
 *
 *   pnpm release:check                                 Node 20, 22 and 24; the native part on Node 24
 *   pnpm release:check --node node24 --native node24   one Node
 *   pnpm release:check --native none                   no native build (and no README commands)
 *   ACCTKIT_RELEASE_CHECK_NATIVE=all                    the native part on every Node (for CI, where
 *                                                      Node 20's better-sqlite3 12 downloads a binary)
 */
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../paths.ts';
import { type Footprint, footprint, formatBytes, nativeModules, packageBytes } from './footprint.ts';
import { type PackedPackage, packAll, packedDir, readManifest, tarballName } from './pack.ts';
import { commandLines, fromCloneSections, installLineProblems, statedFootprint } from './readme-commands.ts';
import { type Check, type CheckContext, leanChecks, mcpHandshake, nativeChecks } from './user-checks.ts';
import {
  type NodeName,
  nodeNames,
  npm,
  run,
  transcript,
  type UserNode,
  userEnv,
  userNode,
} from './user-shell.ts';

/** The packages whose README states an install footprint: the ones with a bin. */
const BIN_PACKAGES = [
  '@acctkit/cli',
  '@acctkit/mcp-server',
  '@acctkit/edge-proxy',
  '@acctkit/sandbox',
] as const;

/**
 * Ceilings on a bin package's install footprint, native modules included: above them the check fails
 * (a new dependency that brings a tree of packages shows here before users see it). The sandbox
 * vendors Scalar's browser bundle instead of depending on it (DECISIONS.md B47): on Node 24 it brings
 * 16 packages, 38.0 MB (packages/sandbox/README.md); the limits leave room for dependency updates.
 */
const FOOTPRINT_LIMITS: Partial<
  Record<(typeof BIN_PACKAGES)[number], { packages: number; megabytes: number }>
> = {
  '@acctkit/sandbox': { packages: 30, megabytes: 55 },
};

/** How far a README's stated footprint may be from the measured one (dependency updates move it a little). */
const FOOTPRINT_TOLERANCE = 0.25;

const fixtures = join(import.meta.dirname, 'project');

interface Outcome {
  failures: string[];
  lines: string[];
}

function log(outcome: Outcome, line: string): void {
  outcome.lines.push(line);
  console.log(line);
}

async function check(outcome: Outcome, context: CheckContext, c: Check): Promise<void> {
  const started = performance.now();
  try {
    const note = await c.run(context);
    log(outcome, `  ok    ${c.name}: ${note} (${seconds(started)})`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(outcome, `  FAIL  ${c.name} (${seconds(started)})\n${message.replace(/^/gm, '        ')}`);
    outcome.failures.push(`${context.node.name}: ${c.name}`);
  }
}

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** Fails on a symlink among the installed @acctkit packages: they must be copies from the tarballs. */
async function linkedPackages(project: string): Promise<string[]> {
  const scope = join(project, 'node_modules', '@acctkit');
  const linked: string[] = [];
  for (const name of await readdir(scope))
    if ((await lstat(join(scope, name))).isSymbolicLink()) linked.push(`@acctkit/${name}`);
  return linked;
}

/** An empty npm project in `dir` holding copies of the tarballs and the check scripts. */
async function createProject(dir: string, packed: readonly PackedPackage[]): Promise<void> {
  await mkdir(join(dir, 'tarballs'), { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'my-app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  for (const p of packed) await copyFile(p.tarball, join(dir, 'tarballs', basename(p.tarball)));
  for (const file of await readdir(fixtures)) await copyFile(join(fixtures, file), join(dir, file));
}

interface LeanInstall {
  context: CheckContext;
  seconds: number;
  packages: number;
}

/** Installs every tarball but the sandbox's into a new project on `node`, and runs the lean checks. */
async function leanInstall(
  outcome: Outcome,
  work: string,
  node: UserNode,
  packed: readonly PackedPackage[],
  versions: Record<string, string>,
): Promise<LeanInstall | undefined> {
  const project = join(work, node.name, 'my-app');
  await createProject(project, packed);
  const env = userEnv(node);
  const version = (await run(node.binary, ['--version'], { cwd: project, env })).stdout.trim();
  const lean = packed.filter((p) => p.manifest.name !== '@acctkit/sandbox');
  // The check's own MCP client is the MCP SDK's v1 one, a 2025-11-25 client as many installed hosts
  // are, at the version the MCP server's tests use.
  const sdk = `@modelcontextprotocol/sdk@${readManifest('packages/mcp-server').devDependencies?.['@modelcontextprotocol/sdk']}`;
  const install = await npm(
    node,
    ['install', '--no-audit', '--no-fund', ...lean.map((p) => `./tarballs/${basename(p.tarball)}`), sdk],
    { cwd: project, env },
  );
  if (install.code !== 0) {
    log(outcome, `${node.name} (${version}): npm install failed\n${transcript(install)}`);
    outcome.failures.push(`${node.name}: npm install of the tarballs`);
    return undefined;
  }
  const added = /added (\d+) packages?/.exec(install.stdout)?.[1] ?? '?';
  const native = await nativeModules(join(project, 'node_modules'));
  const linked = await linkedPackages(project);
  log(
    outcome,
    `\n${node.name} (${version}): npm install of ${lean.length} tarballs: ${added} packages in ${install.seconds.toFixed(1)} s, ${
      native.length === 0 ? 'nothing compiled' : `native modules: ${native.join(', ')}`
    }`,
  );
  if (native.length > 0)
    outcome.failures.push(`${node.name}: the lean install holds native modules (${native.join(', ')})`);
  if (linked.length > 0) outcome.failures.push(`${node.name}: linked, not installed: ${linked.join(', ')}`);
  const context: CheckContext = { project, node, env, versions };
  for (const c of leanChecks) await check(outcome, context, c);
  return { context, seconds: install.seconds, packages: Number(added) };
}

/**
 * Runs every README's from-clone commands as written on `node`, in a shell whose home and npm global
 * prefix are temporary, then the MCP client configurations they show and the `--sandbox` checks on
 * what they installed. Resolves to the seconds each README's commands took.
 */
async function readmeCommands(
  outcome: Outcome,
  work: string,
  lean: LeanInstall,
  packed: readonly PackedPackage[],
): Promise<{ timings: { file: string; seconds: number }[]; prefix: string }> {
  const { node } = lean.context;
  const home = join(work, node.name, 'home');
  const prefix = join(home, 'global');
  await mkdir(join(home, 'my-app'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...userEnv(node, [join(prefix, 'bin')]),
    HOME: home,
    npm_config_prefix: prefix,
    // The user's npm configuration and cache stay theirs; only `~` and the global prefix move.
    npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), '.npmrc'),
    npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
  };
  log(
    outcome,
    `\n${node.name}: the READMEs' from-clone commands, as written (HOME and npm's global prefix in ${work})`,
  );
  const timings: { file: string; seconds: number }[] = [];
  for (const section of fromCloneSections(packed)) {
    const problems = section.shell.flatMap(commandLines).flatMap((line) => installLineProblems(line, packed));
    for (const problem of problems) {
      log(outcome, `  FAIL  ${section.file}: ${problem}`);
      outcome.failures.push(`${section.file}: ${problem}`);
    }
    let total = 0;
    for (const block of section.shell) {
      const f = await run('sh', ['-e', '-c', block], { cwd: repoRoot, env, timeoutMs: 900_000 });
      total += f.seconds;
      if (f.code !== 0) {
        log(
          outcome,
          `  FAIL  ${section.file}: a from-clone block failed\n${block.replace(/^/gm, '        $ ')}\n${transcript(f)}`,
        );
        outcome.failures.push(`${section.file}: from-clone commands`);
      }
    }
    timings.push({ file: section.file, seconds: total });
    log(
      outcome,
      `  ok    ${section.file}: ${section.shell.flatMap(commandLines).length} commands (${total.toFixed(1)} s)`,
    );
  }
  const context: CheckContext = { ...lean.context, env };
  for (const section of fromCloneSections(packed))
    for (const server of section.mcpServers)
      await check(outcome, context, {
        name: `${section.file}: the MCP client configuration "${[server.command, ...server.args].join(' ')}" answers initialize and tools/list`,
        run: async () => {
          const r = await mcpHandshake(context, server.command, server.args);
          return `${r.server}, ${r.tools.length} tools`;
        },
      });
  for (const c of nativeChecks) await check(outcome, context, c);
  return { timings, prefix };
}

function pickNodes(value: string | undefined, fallback: readonly NodeName[]): NodeName[] {
  if (value === undefined || value === '') return [...fallback];
  if (value === 'none') return [];
  if (value === 'all') return [...nodeNames];
  const names = value.split(',').map((s) => s.trim());
  for (const name of names)
    if (!nodeNames.includes(name as NodeName))
      throw new Error(`unknown Node "${name}"; choose from ${nodeNames.join(', ')}`);
  return names as NodeName[];
}

function footprintLine(name: string, f: Footprint): string {
  const native = f.native.map((n) => `${n.name} (native, ${n.binary}, ${formatBytes(n.bytes)})`).join(', ');
  return `  ${name.padEnd(22)} ${String(f.packages).padStart(4)} packages, ${formatBytes(f.bytes).padStart(8)}${native ? ` + ${native}` : ', nothing compiled'}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { values } = parseArgs({
    options: { node: { type: 'string' }, native: { type: 'string' }, keep: { type: 'boolean' } },
  });
  const nodes = pickNodes(values.node, nodeNames).map(userNode);
  // Node 24 by default: there better-sqlite3 13 brings its binaries, on Node 20 version 12 may compile.
  const nativeNames = pickNodes(values.native ?? process.env.ACCTKIT_RELEASE_CHECK_NATIVE, ['node24']);
  const outcome: Outcome = { failures: [], lines: [] };

  const packed = await packAll(packedDir);
  const versions = Object.fromEntries(packed.map((p) => [p.manifest.name, p.manifest.version]));
  log(
    outcome,
    `release check: ${packed.length} tarballs packed with pnpm into ${relative(repoRoot, packedDir)}/ (${seconds(started)})`,
  );

  const work = await mkdtemp(join(tmpdir(), 'acctkit-release-check-'));
  const installs: { node: NodeName; seconds: number; packages: number }[] = [];
  const readmeTimings: { node: NodeName; file: string; seconds: number }[] = [];
  const installed = new Map<string, number>();
  const footprints = new Map<string, Footprint>();
  try {
    for (const node of nodes) {
      const lean = await leanInstall(outcome, work, node, packed, versions);
      if (!lean) continue;
      installs.push({ node: node.name, seconds: lean.seconds, packages: lean.packages });
      if (installed.size === 0) {
        for (const p of packed) {
          const dir = join(lean.context.project, 'node_modules', p.manifest.name);
          if (p.manifest.name !== '@acctkit/sandbox') installed.set(p.manifest.name, await packageBytes(dir));
        }
        for (const name of BIN_PACKAGES)
          if (name !== '@acctkit/sandbox')
            footprints.set(name, await footprint(join(lean.context.project, 'node_modules', name)));
      }
      if (!nativeNames.includes(node.name)) continue;
      const { timings, prefix } = await readmeCommands(outcome, work, lean, packed);
      for (const t of timings) readmeTimings.push({ node: node.name, ...t });
      const sandboxDir = join(prefix, 'lib', 'node_modules', '@acctkit', 'sandbox');
      if (!footprints.has('@acctkit/sandbox'))
        try {
          footprints.set('@acctkit/sandbox', await footprint(sandboxDir));
          installed.set('@acctkit/sandbox', await packageBytes(sandboxDir));
        } catch (error) {
          outcome.failures.push(
            `no global install of @acctkit/sandbox to measure: ${(error as Error).message}`,
          );
        }
    }
  } finally {
    if (values.keep) console.log(`\nkept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }

  log(outcome, '\nTarballs (packed; installed: the package folder alone)');
  for (const p of packed)
    log(
      outcome,
      `  ${p.manifest.name.padEnd(22)} ${tarballName(p.manifest.name).padEnd(26)} ${formatBytes(p.packedBytes).padStart(8)} ${
        installed.has(p.manifest.name)
          ? formatBytes(installed.get(p.manifest.name) ?? 0).padStart(9)
          : '        –'
      }`,
    );
  log(
    outcome,
    '\nInstall footprint of each bin package (it and everything it brings; the sandbox as installed by its README)',
  );
  for (const name of BIN_PACKAGES) {
    const measured = footprints.get(name);
    if (!measured) continue;
    log(outcome, footprintLine(name, measured));
    const dir = packed.find((p) => p.manifest.name === name)?.dir ?? '';
    const stated = statedFootprint(await readFile(join(repoRoot, dir, 'README.md'), 'utf8'));
    const mb = measured.bytes / 1e6;
    const off = (a: number, b: number): boolean => Math.abs(a - b) > FOOTPRINT_TOLERANCE * b;
    if (!stated || off(stated.packages, measured.packages) || off(stated.megabytes, mb)) {
      const say = `${measured.packages} packages, ${mb.toFixed(1)} MB`;
      log(
        outcome,
        `  FAIL  ${dir}/README.md states ${stated ? `${stated.packages} packages, ${stated.megabytes} MB` : 'no "Install footprint … N packages, X MB"'}; measured ${say}`,
      );
      outcome.failures.push(`${dir}/README.md: install footprint`);
    }
    const limit = FOOTPRINT_LIMITS[name];
    if (limit) {
      const total = (measured.bytes + measured.native.reduce((sum, n) => sum + n.bytes, 0)) / 1e6;
      const within = measured.packages <= limit.packages && total <= limit.megabytes;
      log(
        outcome,
        `  ${within ? 'ok  ' : 'FAIL'}  ${name}: ${measured.packages} packages, ${total.toFixed(1)} MB with native modules; limit ${limit.packages} packages, ${limit.megabytes} MB`,
      );
      if (!within) outcome.failures.push(`${name}: install footprint above its limit`);
    }
  }
  log(outcome, '\nInstall times');
  for (const i of installs)
    log(
      outcome,
      `  ${i.node}  npm install of the tarballs (all but the sandbox): ${i.packages} packages, ${i.seconds.toFixed(1)} s`,
    );
  for (const t of readmeTimings)
    log(outcome, `  ${t.node}  ${t.file} from-clone commands: ${t.seconds.toFixed(1)} s`);
  const total = seconds(started);
  if (outcome.failures.length > 0) {
    log(outcome, `\nrelease check FAILED (${outcome.failures.length}) in ${total}:`);
    for (const f of outcome.failures) log(outcome, `  - ${f}`);
    process.exitCode = 1;
  } else log(outcome, `\nrelease check passed in ${total}`);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
