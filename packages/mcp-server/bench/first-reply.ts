// Start-up as a user's MCP client sees it: spawn the server, send `initialize`, time the first line
// of stdout. The start-up bench and the regression guard in test/ both time it this way.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** A process to start: its arguments (after the Node binary) and environment. */
export interface StartCase {
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;

/** Spawns `node …args`, sends `initialize` and times the first stdout line; `undefined` if none comes. */
export function firstReplyMs(node: string, c: StartCase): Promise<{ ms?: number; stderr: string }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(node, [...c.args], { env: c.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.once('data', () => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.kill();
      done({ ms, stderr });
    });
    child.once('exit', () => {
      clearTimeout(timer);
      done({ stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.write(INITIALIZE);
  });
}
