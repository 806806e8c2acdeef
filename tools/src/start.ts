/**
 * `npm start`: runs the local sandbox of the service with demo data in `.acctkit/sandbox.sqlite`
 * and its admin API on (a random admin token unless `--admin-token` is given), then every service
 * of ./start/companion-services.ts pointed at it, and prints what to paste to try each one.
 * Options go after `--`: `npm start -- --port 8080 --memory --admin-token secret` (./start/start-args.mjs).
 * SIGINT, SIGTERM and SIGHUP close every service, then the process exits.
 */
import { banner } from './start/banner.ts';
import { companionServices } from './start/companion-services.ts';
import { startSandboxService } from './start/sandbox-service.ts';
import type { RunningService } from './start/service.ts';
import { portInUseMessage, type ServicePortKey } from './start/start-args.mjs';
import { parseStartOptions, START_HELP, type StartOptions } from './start/start-options.ts';

/** How long the services get to close on a stop signal before the process exits regardless. */
const STOP_GRACE_MS = 3_000;

/** What a terminal (Ctrl+C, a closed window), an IDE's stop button or a process manager sends. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Why a service did not start, naming the port and the flag that moves it when the port is taken. */
function startFailure(name: string, key: ServicePortKey, port: number, cause: unknown): Error {
  const busy = (cause as { code?: string }).code === 'EADDRINUSE';
  return new Error(busy ? portInUseMessage(key, port) : `the ${name} did not start`, { cause });
}

async function startAll(options: StartOptions): Promise<RunningService[]> {
  const running: RunningService[] = [];
  try {
    const sandbox = await startSandboxService(options).catch((cause: unknown) => {
      throw startFailure('sandbox', 'sandbox', options.ports.sandbox, cause);
    });
    running.push(sandbox);
    for (const service of companionServices) {
      const port = options.ports[service.port];
      try {
        running.push(
          await service.start({
            options,
            port,
            sandbox: { url: sandbox.url, instance: sandbox.sandbox, adminToken: options.adminToken },
          }),
        );
      } catch (cause) {
        throw startFailure(service.name, service.port, port, cause);
      }
    }
    return running;
  } catch (error) {
    await stopAll(running);
    throw error;
  }
}

async function stopAll(running: readonly RunningService[]): Promise<void> {
  for (const service of [...running].reverse()) await service.close().catch(() => {});
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // `pnpm run main -- --port 1` hands the separator on; it carries no meaning here.
  const options = parseStartOptions(args[0] === '--' ? args.slice(1) : args);
  if (options.help) {
    process.stdout.write(START_HELP);
    return;
  }
  // A signal while the services start is held until they have, so that none is left behind.
  let stopRequested = false;
  const early = (): void => {
    stopRequested = true;
  };
  for (const signal of STOP_SIGNALS) process.on(signal, early);
  const running = await startAll(options);
  for (const signal of STOP_SIGNALS) process.off(signal, early);
  let stopping = false;
  const stop = (): void => {
    // Ctrl+C reaches every process of the terminal's group, the bootstrap forwards it again: once is enough.
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
    void stopAll(running).then(() => process.exit(0));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  if (stopRequested) return stop();
  process.stdout.write(banner(running));
}

/** The message of an error and of each of its causes, one per line. */
function explain(error: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = error; e !== undefined && lines.length < 5; e = (e as { cause?: unknown }).cause) {
    lines.push(e instanceof Error ? e.message : String(e));
    if (!(e instanceof Error)) break;
  }
  return lines.join('\n  because: ');
}

main().catch((error: unknown) => {
  process.stderr.write(`acctkit start: ${explain(error)}\n`);
  process.exit(1);
});
