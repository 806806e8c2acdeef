import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../paths.ts';

/** Where `npm start` keeps the sandbox's data between runs (ignored by git). */
const START_DATABASE: string = resolve(repoRoot, '.acctkit/sandbox.sqlite');

export const START_HELP = `npm start: the local accounting service (sandbox) with demo data, with the MCP server (HTTP)
and the signing proxy beside it

Usage: npm start -- [--port 4010] [--host 127.0.0.1] [--data FILE | --memory] [--admin-token T] [--rate-limit N]

  --port         port of the sandbox (default 4010; 0 picks free ports for every service)
  --host         interface to bind (default 127.0.0.1)
  --data         SQLite file (default .acctkit/sandbox.sqlite); data survives restarts
  --memory       keep everything in memory (fresh demo data every start)
  --admin-token  bearer token of the admin APIs (/_sandbox/, /_proxy/) (default: a random one, printed)
  --rate-limit   data requests per minute per business (default 200, 0 = off)
`;

/** What `npm start` was asked for, with every default filled in. */
export interface StartOptions {
  readonly help: boolean;
  readonly port: number;
  readonly host: string;
  /** SQLite file or `':memory:'`. */
  readonly database: string;
  readonly adminToken: string;
  /** True when the admin token was generated here, and so must be printed to be of any use. */
  readonly adminTokenGenerated: boolean;
  readonly rateLimitPerMinute: number;
}

/** A random admin token: 24 bytes from the operating system's CSPRNG, base64url. */
function randomAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Parses the options after `npm start --`; throws with a message saying what to fix. */
export function parseStartOptions(args: readonly string[]): StartOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      'admin-token': { type: 'string' },
      'rate-limit': { type: 'string', default: '200' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.memory && values.data !== undefined)
    throw new Error('Use either --data FILE or --memory, not both.');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('--port must be an integer from 0 to 65535.');
  const rate = Number(values['rate-limit']);
  if (!Number.isInteger(rate) || rate < 0) throw new Error('--rate-limit must be a non-negative integer.');
  // `random` asks the sandbox's own CLI for a generated token; here that is the default anyway.
  const given = values['admin-token'] === 'random' ? undefined : values['admin-token'];
  if (given !== undefined && given.trim() === '') throw new Error('--admin-token must not be empty.');
  return {
    help: values.help,
    port,
    host: values.host,
    database: values.memory ? ':memory:' : values.data !== undefined ? resolve(values.data) : START_DATABASE,
    adminToken: given ?? randomAdminToken(),
    adminTokenGenerated: given === undefined,
    rateLimitPerMinute: rate,
  };
}
