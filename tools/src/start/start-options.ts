import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import { parseStartArgs, type ServicePortKey } from './start-args.mjs';

export { START_HELP } from './start-args.mjs';

/** Where `npm start` keeps the sandbox's data between runs (ignored by git). */
const START_DATABASE: string = resolve(repoRoot, '.acctkit/sandbox.sqlite');

/** What `npm start` was asked for, with every default filled in. */
export interface StartOptions {
  readonly help: boolean;
  /** Port of each service (`--port` plus its offset, or its own flag); 0 for a free one. */
  readonly ports: Readonly<Record<ServicePortKey, number>>;
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

/**
 * Parses the options after `npm start --` (the table and checks of ./start-args.mjs, which the
 * bootstrap reads too) and fills in the database file and a random admin token; throws with a
 * message saying what to fix.
 */
export function parseStartOptions(args: readonly string[]): StartOptions {
  const parsed = parseStartArgs(args);
  return {
    help: parsed.help,
    ports: parsed.ports,
    host: parsed.host,
    database: parsed.memory ? ':memory:' : parsed.data !== undefined ? resolve(parsed.data) : START_DATABASE,
    adminToken: parsed.adminToken ?? randomAdminToken(),
    adminTokenGenerated: parsed.adminToken === undefined,
    rateLimitPerMinute: parsed.rateLimitPerMinute,
  };
}
