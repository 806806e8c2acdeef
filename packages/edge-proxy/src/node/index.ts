// Everything exported from this file is public API of `@acctkit/edge-proxy/node` (Node only).
export {
  type DemoKeys,
  type ExternalSandbox,
  type ProxyServerOptions,
  type RunningProxy,
  startProxyServer,
} from './start-proxy-server.js';
