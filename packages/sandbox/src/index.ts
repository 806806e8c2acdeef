// Everything exported from this file is public API; everything else is internal.
export type { ClockSource } from './clock.js';
export { createSandbox, DEFAULT_DATABASE, type Sandbox, type SandboxOptions } from './create-sandbox.js';
export { DEMO_BUSINESS_IDS, DEMO_CLIENT, DEMO_CODE_ONLY_CLIENT, DEMO_USERS } from './demo-accounts.js';
export type { FormLimits } from './parse-form-body.js';
export {
  AdminError,
  AuthorizationError,
  type FieldProblem,
  InjectedFaultError,
  RateLimitedError,
  RecordNotFoundError,
  RequestError,
  SandboxError,
  type SandboxErrorCode,
  type SandboxErrors,
  SandboxSetupError,
  SignatureMismatchError,
  TokenRequestError,
  ValidationFailedError,
} from './sandbox-error.js';
export { type RunningServer, type ServerOptions, startServer } from './start-server.js';
export type { Variant } from './variant.js';
