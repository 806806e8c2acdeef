import { Hono } from 'hono';
import { adminRoutes } from './admin-routes.js';
import { authenticate } from './authenticate.js';
import { authorizePages } from './authorize-pages.js';
import { callbackPage } from './callback-page.js';
import { type ClockSource, createClock } from './clock.js';
import { openDatabase } from './database.js';
import { Directory } from './directory.js';
import { docsRoutes } from './docs-page.js';
import { FaultInjector } from './fault-injector.js';
import { faultMiddleware } from './fault-middleware.js';
import { DEFAULT_FORM_LIMITS, type FormLimits } from './parse-form-body.js';
import { RateLimiter } from './rate-limiter.js';
import { RecordStore } from './record-store.js';
import { bankAccountRoutes } from './resources/bank-accounts.js';
import { contactRoutes } from './resources/contacts.js';
import { coreRoutes } from './resources/core-routes.js';
import { expenseRoutes } from './resources/expenses.js';
import { incomeRoutes } from './resources/incomes.js';
import { productRoutes } from './resources/products.js';
import { referenceRoutes } from './resources/reference-routes.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { RecordNotFoundError, SandboxError, SandboxSetupError } from './sandbox-error.js';
import { seedDemoData } from './seed-demo-data.js';
import { testEndpointRoutes } from './test-endpoint.js';
import { tokenRoutes } from './token-endpoint.js';

/** The default file database, relative to the working directory. */
export const DEFAULT_DATABASE = '.acctkit/sandbox.sqlite';

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** SQLite file, or `':memory:'`. Default `.acctkit/sandbox.sqlite`. */
  readonly database?: string | undefined;
  /** Source of the current time (epoch ms or `Date`). Default `Date.now`. */
  readonly clock?: ClockSource | undefined;
  /** Lifetime of access tokens in seconds. Default 3600. */
  readonly accessTokenTtlSeconds?: number | undefined;
  /** Lifetime of authorization codes in seconds. Default 60. */
  readonly codeTtlSeconds?: number | undefined;
  /** Enables the admin API under `/_sandbox/` with this bearer token. Default: off. */
  readonly adminToken?: string | undefined;
  /** Data requests per minute per business before 429 (DECISIONS G21). Default 200; 0 turns it off. */
  readonly rateLimitPerMinute?: number | undefined;
  /** Limits on form bodies. Default 64 KiB, 200 pairs, depth 3, keys of 200 characters. */
  readonly formLimits?: Partial<FormLimits> | undefined;
  /** Random source for rate-based faults. Default `Math.random`. */
  readonly random?: (() => number) | undefined;
}

/** A running sandbox: the Hono app, its `fetch`, and `close()`. */
export interface Sandbox {
  /** The Hono app (mount it or call `app.request()`). */
  readonly app: Hono<SandboxEnv>;
  /** Handles one request, like `app.fetch`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Replaces all data with the demo data. */
  reset(): void;
  /** Closes the database. */
  close(): void;
}

const DATA_PATHS = ['/core/*', '/accounts/*'];

/**
 * Creates a sandbox of the accounting service: every data operation of both variants, OAuth 2.0,
 * request signatures, the `/test` endpoint and (with `adminToken`) the admin API, on SQLite.
 *
 * @param options - Database, clock, token lifetime, admin token, rate limit and body limits.
 * @returns The app, a `fetch` function, `reset()` and `close()`.
 * @example
 * ```ts
 * import { createSandbox } from '@acctkit/sandbox';
 * const sandbox = createSandbox({ database: ':memory:', adminToken: 'admin' });
 * const res = await sandbox.fetch(new Request('http://sandbox.test/_sandbox/tokens', {
 *   method: 'POST', headers: { Authorization: 'Bearer admin' }, body: '{"business":"de"}',
 * }));
 * console.log(res.status); // 201
 * sandbox.close();
 * ```
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 1)
    throw new SandboxSetupError('INVALID_OPTIONS', 'accessTokenTtlSeconds must be a positive integer.');
  if (options.adminToken !== undefined && options.adminToken.length < 1)
    throw new SandboxSetupError('INVALID_OPTIONS', 'adminToken must not be empty.');
  const db = openDatabase(options.database ?? DEFAULT_DATABASE);
  const isEmpty = (db.prepare('SELECT COUNT(*) AS n FROM businesses').get() as { n: number }).n === 0;
  if (isEmpty) seedDemoData(db);
  const state: SandboxState = {
    db,
    store: new RecordStore(db),
    directory: new Directory(db),
    clock: createClock(options.clock),
    faults: new FaultInjector(options.random),
    accessTokenTtlSeconds: ttl,
    codeTtlSeconds: options.codeTtlSeconds ?? 60,
    rateLimiter: new RateLimiter(options.rateLimitPerMinute ?? 200),
    formLimits: { ...DEFAULT_FORM_LIMITS, ...options.formLimits },
    adminToken: options.adminToken,
  };
  const reset = (): void => {
    db.transaction(() => {
      for (const t of [
        'records',
        'tokens',
        'auth_codes',
        'nonces',
        'sessions',
        'ownerships',
        'users',
        'clients',
        'businesses',
      ])
        db.exec(`DELETE FROM ${t}`);
      seedDemoData(db);
    })();
    state.faults.clear();
    state.rateLimiter.reset();
  };

  const app = new Hono<SandboxEnv>();
  app.onError((err, c) => {
    if (err instanceof SandboxError) return err.getResponse();
    // Never echo internals: the message may hold request data.
    return c.json(
      {
        $diagnoses: [
          { $severity: 'error', $dataCode: 'InternalError', $message: 'Internal server error', $source: '' },
        ],
      },
      500,
    );
  });
  app.notFound((c) => {
    const what = `No operation ${c.req.method} ${new URL(c.req.url).pathname}`;
    return new RecordNotFoundError(what, `${what}: see /docs for the operations.`).getResponse();
  });
  adminRoutes(app, state, reset);
  for (const p of [...DATA_PATHS, '/test/*']) app.use(p, faultMiddleware(state));
  testEndpointRoutes(app, state);
  tokenRoutes(app, state);
  authorizePages(app, state);
  callbackPage(app);
  docsRoutes(app);
  for (const p of DATA_PATHS) app.use(p, authenticate(state));
  coreRoutes(app, state);
  referenceRoutes(app);
  contactRoutes(app, state);
  bankAccountRoutes(app, state);
  expenseRoutes(app, state);
  incomeRoutes(app, state);
  productRoutes(app, state);

  const sandbox: Sandbox = {
    app,
    fetch: async (request) => app.fetch(request),
    reset,
    close: () => db.close(),
  };
  states.set(sandbox, state);
  return sandbox;
}

const states = new WeakMap<Sandbox, SandboxState>();

/** The internal state of a sandbox, for this package's own CLI; not public API. */
export function sandboxState(sandbox: Sandbox): SandboxState {
  const state = states.get(sandbox);
  if (!state) throw new SandboxSetupError('INVALID_OPTIONS', 'Not a sandbox made by createSandbox().');
  return state;
}
