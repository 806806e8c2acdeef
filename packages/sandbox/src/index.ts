// Everything exported from this file is public API; everything else is internal.
export type { ClockSource, SandboxClock } from './clock.js';
export { createSandbox, DEFAULT_DATABASE, type Sandbox, type SandboxOptions } from './create-sandbox.js';
export { DEMO_BUSINESS_IDS, DEMO_CLIENT, DEMO_CODE_ONLY_CLIENT, DEMO_USERS } from './demo-accounts.js';
export type { FaultSpec } from './fault-injector.js';
export type { FormLimits } from './form-body.js';
export { isValidIban, makeIban } from './iban.js';
export type { AuthInfo, SandboxEnv, SandboxState } from './sandbox-env.js';
export { type Diagnosis, SandboxError, type SandboxErrorCode, SandboxHttpError } from './sandbox-error.js';
export { type RunningServer, type ServerOptions, startServer } from './start-server.js';
export { TEST_SIGNING_SECRET } from './test-endpoint.js';
export type { Variant } from './variant.js';
