import { randomBytes } from 'node:crypto';
import { startRemoteServer } from '@acctkit/mcp-server/remote/node';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import type { Service } from './service.ts';

/**
 * The remote MCP server: an MCP client adds it by URL and signs in through the sandbox's own sign-in
 * and consent pages, as it would at the real service. It uses the sandbox's demo app as its upstream
 * registration (the sandbox accepts its callback on any loopback port), keeps its grants in memory and
 * encrypts the service's tokens with a key made for this run.
 */
export const remoteMcpService: Service = {
  name: 'remote MCP server',
  port: 'remote',
  async start({ options, port, sandbox }) {
    const remote = await startRemoteServer({
      upstream: {
        baseUrl: sandbox.url,
        authUrl: sandbox.url,
        clientId: DEMO_CLIENT.clientId,
        clientSecret: DEMO_CLIENT.clientSecret,
        signingSecret: DEMO_CLIENT.signingSecret,
        userAgent: 'acctkit-npm-start/1.0',
      },
      encryptionKeys: [{ id: 'start', key: new Uint8Array(randomBytes(32)) }],
      database: ':memory:',
      port,
      host: options.host,
    });
    return {
      name: 'remote MCP server',
      url: remote.url,
      lines: [
        `remote MCP:    ${remote.mcpUrl}  (OAuth-protected Streamable HTTP)`,
        'Add it to a client by URL and sign in with a demo login (the sandbox shows the consent page):',
        `  claude mcp add --transport http acctkit-remote ${remote.mcpUrl}`,
        `  npx -y @modelcontextprotocol/inspector --transport http --server-url ${remote.mcpUrl}`,
      ],
      close: () => remote.close(),
    };
  },
};
