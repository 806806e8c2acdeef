import { startProxyServer } from '@acctkit/edge-proxy/node';
import type { Service } from './service.ts';

/**
 * The signing proxy in front of the running sandbox: both demo businesses connected as `de` and
 * `pt`, a read and a write proxy key for each, and a `curl` through it that needs no signing.
 */
export const proxyService: Service = {
  name: 'signing proxy',
  port: 'proxy',
  async start({ options, port, sandbox }) {
    const proxy = await startProxyServer({
      sandbox: { url: sandbox.url, adminToken: sandbox.adminToken },
      // One admin token for every service npm start runs: the one printed for the sandbox.
      adminToken: sandbox.adminToken,
      port,
      host: options.host,
    });
    const keys = proxy.keys;
    return {
      name: 'signing proxy',
      url: proxy.url,
      lines: [
        `proxy URL:     ${proxy.url}  (the service's data paths; no signing, a proxy key instead)`,
        `admin API:     ${proxy.url}/_proxy/  (Authorization: Bearer <admin token>, the sandbox's)`,
        ...(keys
          ? [
              'Proxy keys (shown once; read keys can only GET):',
              `  de  read  ${keys.de.read}`,
              `  de  write ${keys.de.write}`,
              `  pt  read  ${keys.pt.read}`,
              `  pt  write ${keys.pt.write}`,
            ]
          : []),
        ...(proxy.curl ? ['A call through the proxy (works as often as you like):', `  ${proxy.curl}`] : []),
      ],
      close: () => proxy.close(),
    };
  },
};
