/**
 * `npm start`: runs the local sandbox of the service with demo data in `.acctkit/sandbox.sqlite`
 * and its admin API on (a random admin token unless `--admin-token` is given), then every service
 * of ./start/companion-services.ts pointed at it, and prints what to paste to try each one.
 * Options go after `--`: `npm start -- --port 8080 --memory --admin-token secret`.
 */
import { banner } from './start/banner.ts';
import { companionServices } from './start/companion-services.ts';
import { startSandboxService } from './start/sandbox-service.ts';
import type { RunningService } from './start/service.ts';
import { parseStartOptions, START_HELP, type StartOptions } from './start/start-options.ts';

async function startAll(options: StartOptions): Promise<RunningService[]> {
  const running: RunningService[] = [];
  try {
    const sandbox = await startSandboxService(options);
    running.push(sandbox);
    const instance = sandbox.sandbox;
    if (instance === undefined) throw new Error('the sandbox service did not hand over its sandbox');
    for (const service of companionServices) {
      running.push(
        await service.start({
          options,
          port: options.port === 0 ? 0 : service.defaultPort,
          sandbox: { url: sandbox.url, instance, adminToken: options.adminToken },
        }),
      );
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
  const running = await startAll(options);
  process.stdout.write(banner(running));
  const stop = (): void => {
    void stopAll(running).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
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
