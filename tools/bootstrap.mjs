#!/usr/bin/env node
// The two README commands start here: `npm start` and `npm test`. A fresh machine has Node and npm
// but no pnpm (and corepack cannot be used), so this file is plain JavaScript that runs before any
// dependency is installed: it fetches pnpm from the npm registry into .acctkit/, installs the
// workspace, installs Debian's Chromium when the browser runs are due and it is missing, then hands
// over to the workspace's own scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localPnpm = join(root, '.acctkit', 'pnpm');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', REDOCLY_TELEMETRY: 'off' };

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  return result.status ?? 1;
}

function quiet(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fail(message) {
  console.error(`\nacctkit: ${message}`);
  process.exit(1);
}

function ensurePnpm() {
  const onPath = quiet('pnpm', ['--version']);
  if (onPath?.startsWith(`${pnpmVersion.split('.')[0]}.`)) return;
  const bin = join(localPnpm, 'node_modules', '.bin');
  if (quiet(join(bin, 'pnpm'), ['--version']) !== pnpmVersion) {
    console.log(`acctkit: installing pnpm ${pnpmVersion} into .acctkit/pnpm`);
    const code = sh('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      localPnpm,
      `pnpm@${pnpmVersion}`,
    ]);
    if (code !== 0) fail('could not install pnpm from the npm registry');
  }
  env.PATH = `${bin}${delimiter}${env.PATH}`;
}

function ensureChromium() {
  const path = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !quiet('sh', ['-c', 'command -v apt-get'])) {
    fail(`Chromium is needed for the browser runs and was not found at ${path}.
Install Debian's chromium package (sudo apt-get install chromium), or point CHROMIUM_PATH at a Chromium.`);
  }
  console.log("acctkit: installing Debian's chromium for the browser runs");
  const apt = { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  if (sh('apt-get', ['update', '-qq'], apt) !== 0) fail('apt-get update failed');
  if (sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], apt) !== 0) {
    fail('apt-get install chromium failed');
  }
}

function step(name, command, args) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = sh(command, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) fail(`${name} failed (${seconds} s)`);
  return { name, seconds };
}

const job = process.argv[2];
ensurePnpm();
if (job === 'test') {
  const started = Date.now();
  ensureChromium();
  const steps = [
    step('install', 'pnpm', ['install', '--frozen-lockfile']),
    step('build', 'pnpm', ['run', 'build']),
    step('lint (Biome, Redocly)', 'pnpm', ['run', 'lint']),
    step('typecheck', 'pnpm', ['run', 'typecheck']),
    step('drift (bundles, generated types, interface spec copy)', 'pnpm', ['run', 'check:drift']),
    step('unit tests', 'pnpm', ['run', 'test:unit']),
    step('runtime matrix (Node 20/22/24, Deno, Bun, workerd, Chromium)', 'pnpm', ['run', 'matrix']),
    step('size limits', 'pnpm', ['run', 'size']),
    step('packaging (publint, attw, runtime-neutral output)', 'pnpm', ['run', 'check:packages']),
  ];
  console.log('\nacctkit test summary');
  for (const s of steps) console.log(`  ok  ${s.name} (${s.seconds} s)`);
  console.log(`  all ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} else if (job === 'start') {
  if (sh('pnpm', ['install', '--frozen-lockfile']) !== 0) fail('pnpm install failed');
  if (sh('pnpm', ['run', 'build']) !== 0) fail('the build failed');
  process.exit(sh('pnpm', ['run', 'main', ...process.argv.slice(3)]));
} else {
  fail('usage: node tools/bootstrap.mjs test | start [args for the main job]');
}
