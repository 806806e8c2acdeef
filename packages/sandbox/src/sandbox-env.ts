import type { SandboxClock } from './clock.js';
import type { SqliteDatabase } from './database.js';
import type { Business, Directory } from './directory.js';
import type { FaultInjector } from './fault-injector.js';
import type { FormLimits, FormObject } from './parse-form-body.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RecordStore } from './record-store.js';
import type { Scope } from './scope.js';
import type { Variant } from './variant.js';

/** Everything the handlers share: storage, clock and settings. */
export interface SandboxState {
  db: SqliteDatabase;
  store: RecordStore;
  directory: Directory;
  readonly clock: SandboxClock;
  readonly faults: FaultInjector;
  readonly accessTokenTtlSeconds: number;
  readonly codeTtlSeconds: number;
  readonly rateLimiter: RateLimiter;
  readonly formLimits: FormLimits;
  readonly adminToken: string | undefined;
}

/** Who is calling a data endpoint: set by the authentication middleware. */
export interface AuthInfo {
  readonly business: Business;
  readonly variant: Variant;
  readonly userId: number | null;
  readonly scope: Scope;
  readonly clientId: string;
}

/** Hono environment of the sandbox app. */
export interface SandboxEnv {
  Variables: {
    auth: AuthInfo;
    form: FormObject;
  };
}
