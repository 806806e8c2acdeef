/**
 * `pnpm load`: keeps the machine's cores busy, to check that a test run holds on a loaded machine.
 * It starts busy-loop processes (two by default, one per core of a 2-core CI runner), runs the given
 * command while they spin, stops them, prints the load average it saw and exits with the command's
 * exit code. Without a command it spins until Ctrl+C.
 *
 *   pnpm load -- pnpm --filter @acctkit/cli test       # one package's tests, with both cores busy
 *   pnpm load --workers 3 -- npm test                   # the whole suite, against three busy loops
 *   pnpm load                                           # load only, until Ctrl+C
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';

const USAGE = 'Usage: pnpm load [--workers N] [-- command args…]';

/** A process that spins one core until it is killed. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** Leading `--workers N` is ours; the command starts after it (and after a `--`, if one is given). */
function parse(argv: readonly string[]): { workers: number; command: string[] } {
  let workers = '2';
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--workers') workers = argv[++i] ?? '';
    else if (arg.startsWith('--workers=')) workers = arg.slice('--workers='.length);
    else break;
  }
  if (argv[i] === '--') i++;
  const count = Number(workers);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--workers must be a positive integer.\n${USAGE}`);
  return { workers: count, command: argv.slice(i) };
}

async function main(): Promise<number> {
  // `pnpm load -- cmd` hands on its own `--` first: the command follows the last separator pnpm kept.
  const argv = process.argv.slice(2);
  const { workers, command } = parse(
    argv[0] === '--' && argv.indexOf('--', 1) === -1 ? ['--', ...argv.slice(1)] : argv,
  );
  const loops = Array.from({ length: workers }, busyLoop);
  const peak = { load: 0 };
  const sampler = setInterval(() => {
    peak.load = Math.max(peak.load, loadavg()[0] ?? 0);
  }, 1_000);
  const stopLoops = (): void => {
    peak.load = Math.max(peak.load, loadavg()[0] ?? 0);
    clearInterval(sampler);
    for (const loop of loops) loop.kill('SIGKILL');
  };
  process.stderr.write(`load: ${workers} busy-loop processes running\n`);
  const started = Date.now();
  const code = await new Promise<number>((done) => {
    if (command.length === 0) {
      const stop = (): void => done(0);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return;
    }
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    child.once('error', (error) => {
      process.stderr.write(`load: could not run ${file}: ${error.message}\n`);
      done(127);
    });
    child.once('exit', (status, signal) => done(status ?? (signal ? 1 : 0)));
  });
  stopLoops();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stderr.write(
    `load: stopped after ${seconds} s; highest 1-minute load average seen ${peak.load.toFixed(1)}\n`,
  );
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`load: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
