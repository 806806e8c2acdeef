// Everything exported from this file is public API of `@acctkit/mcp-server/remote`, the remote server
// on any runtime (Web APIs only); its Node host is `./remote/node`, its Worker `./remote/workers`.

export { isLoopbackHost } from '../http/loopback-host.js';
export { createRemoteApp } from './create-remote-app.js';
export {
  parseRemoteConfig,
  type RemoteConfig,
  type UpstreamConfig,
} from './remote-config.js';
export { RemoteError, type RemoteErrorCode } from './remote-error.js';
