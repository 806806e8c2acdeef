// Everything exported from this file is public API of `@acctkit/mcp-server/node` (Node only): the
// wiring of `acctkit-mcp` (connections, stdio, Streamable HTTP) for programs that start the server themselves.

export type { CliIo } from '../cli/cli-io.js';
// stdio and the command line
export {
  type ClientConfigOptions,
  type ClientConfigs,
  clientConfigs,
  NPX_SANDBOX_COMMAND,
  type StdioCommand,
} from '../cli/client-configs.js';
export { localStdioCommand } from '../cli/local-stdio-command.js';
export { runCli } from '../cli/run-cli.js';
export { type StdioOptions, serveStdio } from '../cli/serve-stdio.js';
// Connections
export { type BusinessProfile, businessProfile } from '../connections/business-profile.js';
export {
  connectFromEnv,
  ENV_VARIABLES,
  type Env,
  hasEnvConnection,
} from '../connections/connect-from-env.js';
export { connectFromStore } from '../connections/connect-from-store.js';
export {
  connectSandbox,
  type SandboxConnectionOptions,
  type SandboxConnections,
} from '../connections/connect-sandbox.js';
export { ConnectionError, type ConnectionErrorCode } from '../connections/connection-error.js';
export {
  type ConnectionSource,
  type LoadConnectionsOptions,
  type LoadedConnections,
  loadConnections,
  NO_CONNECTIONS_HELP,
} from '../connections/load-connections.js';
// Streamable HTTP
export { createHttpApp, type HttpAppOptions } from '../http/create-http-app.js';
export { hostGuard, LOOPBACK_HOSTS } from '../http/host-guard.js';
export {
  allowedHostsFor,
  type HttpServerOptions,
  type RunningHttpServer,
  startHttpServer,
} from '../http/start-http-server.js';
