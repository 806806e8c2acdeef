// Everything exported from this file is public API of the remote server; everything else is internal.
export { createRemoteApp } from './create-remote-app.js';
export {
  isLoopbackHost,
  parseRemoteConfig,
  type RemoteConfig,
  type UpstreamConfig,
} from './remote-config.js';
export { RemoteError, type RemoteErrorCode } from './remote-error.js';
export {
  type RemoteServerOptions,
  type RunningRemoteServer,
  type ServeFlags,
  startRemoteServer,
  startRemoteServerFromEnv,
} from './start-remote-server.js';
