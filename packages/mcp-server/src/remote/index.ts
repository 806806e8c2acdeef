// Everything exported from this file is public API of `@acctkit/mcp-server/remote`, the remote server
// on any runtime (Web APIs only); its Node host is `./remote/node`, its Worker `./remote/workers`.
export { createRemoteApp } from './create-remote-app.js';
export {
  isLoopbackHost,
  parseRemoteConfig,
  type RemoteConfig,
  type UpstreamConfig,
} from './remote-config.js';
export { RemoteError, type RemoteErrorCode } from './remote-error.js';
