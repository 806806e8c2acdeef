#!/usr/bin/env node
// The two README commands start here: `npm start` and `npm test`. A fresh machine has Node and npm
// but no pnpm (and corepack cannot be used), so this file is plain JavaScript that runs before any
// dependency is installed: it fetches pnpm from the npm registry into .acctkit/, installs the
// workspace, installs Debian's Chromium when the browser runs are due and it is missing, then hands
// over to the workspace's own scripts.
//
// `npm start` answers --help and a mistyped option before anything else (the option table is plain
// JavaScript, ./src/start/start-args.mjs), skips `pnpm install` when nothing it reads has changed
// since the last successful one, and leaves the build to turbo's cache. Children run with spawn, and
// SIGINT, SIGTERM and SIGHUP are passed on to the one running, so stopping `npm start` stops the
// services too. ACCTKIT_START_PREPARED=1 says the install and build are done (as the tests of
// tools/, which run after both, say): `npm start` then goes straight to the services.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installFingerprint } from './src/start/install-fingerprint.mjs';
import { npmTakenOptionsMessage, parseStartArgs, START_HELP } from './src/start/start-args.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localPnpm = join(root, '.acctkit', 'pnpm');
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  DO_NOT_TRACK: '1',
  REDOCLY_TELEMETRY: 'off',
};
/** The fingerprint of what the last successful `pnpm install` read (see installFingerprint). */
const installStamp = join(root, '.acctkit', 'install-fingerprint');

/** The child running now, which a signal to this process is passed on to. */
let current;
/** The signal that asked this process to stop, if one did. */
let stopSignal;

function stop(signal) {
  stopSignal ??= signal;
  if (current) current.kill(signal);
  else process.exit(128 + constants.signals[signal]);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// npm runs a script through `sh -c` and passes SIGINT and SIGTERM on to that shell only. Debian's dash
// (and other shells) keep a SIGINT while their child runs and die of a SIGTERM without passing either
// on, so the root script `start` is `exec node tools/bootstrap.mjs start`: the shell becomes this
// process, which npm then signals itself. npm passes no SIGHUP on and dies of it (as of any kill):
// this process then has a new parent, and stops as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && stopSignal === undefined) stop('SIGTERM');
}, 200).unref();

/**
 * Runs a command with this terminal, passing signals on to it; resolves with its exit code. Once a
 * signal has asked to stop, this process exits with the child instead of going on to the next step.
 */
function sh(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, ...options });
    current = child;
    child.once('error', (error) => {
      current = undefined;
      console.error(`acctkit: could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      current = undefined;
      const status = code ?? 128 + (constants.signals[signal] ?? 0);
      if (stopSignal) process.exit(status);
      resolve(status);
    });
  });
}

function quiet(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fail(message) {
  console.error(`\nacctkit: ${message}`);
  process.exit(1);
}

async function ensurePnpm() {
  const onPath = quiet('pnpm', ['--version']);
  if (onPath?.startsWith(`${pnpmVersion.split('.')[0]}.`)) return;
  const bin = join(localPnpm, 'node_modules', '.bin');
  if (quiet(join(bin, 'pnpm'), ['--version']) !== pnpmVersion) {
    console.log(`acctkit: installing pnpm ${pnpmVersion} into .acctkit/pnpm`);
    const code = await sh('npm', [
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

async function ensureChromium() {
  const path = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !quiet('sh', ['-c', 'command -v apt-get'])) {
    fail(`Chromium is needed for the browser runs and was not found at ${path}.
Install Debian's chromium package (sudo apt-get install chromium), or point CHROMIUM_PATH at a Chromium.`);
  }
  console.log("acctkit: installing Debian's chromium for the browser runs");
  const apt = { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  if ((await sh('apt-get', ['update', '-qq'], apt)) !== 0) fail('apt-get update failed');
  if ((await sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], apt)) !== 0) {
    fail('apt-get install chromium failed');
  }
}

async function install() {
  const fingerprint = installFingerprint(root, pnpmVersion);
  const code = await sh('pnpm', ['install', '--frozen-lockfile']);
  if (code === 0) {
    mkdirSync(dirname(installStamp), { recursive: true });
    writeFileSync(installStamp, `${fingerprint}\n`);
  }
  return code;
}

/** Installs unless the lockfile, settings and manifests are as they were at the last successful install. */
async function installUnlessUnchanged() {
  const installed = existsSync(join(root, 'node_modules', '.modules.yaml'));
  const last = existsSync(installStamp) ? readFileSync(installStamp, 'utf8').trim() : undefined;
  if (installed && last === installFingerprint(root, pnpmVersion)) {
    console.log('acctkit: dependencies unchanged since the last install; skipping pnpm install');
    return 0;
  }
  return install();
}

/** Runs one step of `npm test`, timed; a failure ends the run. */
async function step(name, run) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) fail(`${name} failed (${seconds} s)`);
  return { name, seconds };
}

const job = process.argv[2];
if (job === 'test') {
  const started = Date.now();
  await ensurePnpm();
  await ensureChromium();
  const steps = [
    await step('install', install),
    await step('build', () => sh('pnpm', ['run', 'build'])),
    await step('lint (Biome, Redocly)', () => sh('pnpm', ['run', 'lint'])),
    await step('typecheck', () => sh('pnpm', ['run', 'typecheck'])),
    await step('drift (bundles, generated types, interface spec copy)', () =>
      sh('pnpm', ['run', 'check:drift']),
    ),
    await step('unit tests', () => sh('pnpm', ['run', 'test:unit'])),
    await step('runtime matrix (Node 20/22/24, Deno, Bun, workerd, Chromium)', () =>
      sh('pnpm', ['run', 'matrix']),
    ),
    await step('size limits', () => sh('pnpm', ['run', 'size'])),
    await step('packaging (publint, attw, runtime-neutral output)', () =>
      sh('pnpm', ['run', 'check:packages']),
    ),
    await step('release check (pack, install from tarballs, run the bins)', () =>
      sh('pnpm', ['run', 'release:check']),
    ),
  ];
  console.log('\nacctkit test summary');
  for (const s of steps) console.log(`  ok  ${s.name} (${s.seconds} s)`);
  console.log(`  all ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} else if (job === 'start') {
  const args = process.argv.slice(3);
  const npmTook = npmTakenOptionsMessage(process.env, args);
  if (npmTook) fail(npmTook);
  try {
    if (parseStartArgs(args).help) {
      process.stdout.write(START_HELP);
      process.exit(0);
    }
  } catch (error) {
    fail(`${error.message}\nnpm start -- --help lists the options.`);
  }
  if (process.env.ACCTKIT_START_PREPARED !== '1') {
    await ensurePnpm();
    if ((await installUnlessUnchanged()) !== 0) fail('pnpm install failed');
    // Turbo rebuilds only the packages whose inputs changed; with none, every task is a cache hit.
    const turbo = join(root, 'node_modules', '.bin', 'turbo');
    if ((await sh(turbo, ['run', 'build', '--output-logs=errors-only'])) !== 0) fail('the build failed');
  }
  // The root script `main` runs the same file through tsx's CLI; --import keeps it one process.
  process.exit(await sh(process.execPath, ['--import', 'tsx', 'tools/src/start.ts', ...args]));
} else {
  fail('usage: node tools/bootstrap.mjs test | start [args for the main job]');
}
