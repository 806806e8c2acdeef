import { clientConfigs, startHttpServer } from '@acctkit/mcp-server/node';
import type { Service } from './service.ts';

/**
 * The MCP server over Streamable HTTP, serving both demo businesses of the running sandbox (tokens
 * minted through its admin API), with the commands that connect an MCP client to it.
 */
export const mcpService: Service = {
  name: 'MCP server',
  defaultPort: 3001,
  async start({ options, port, sandbox }) {
    const server = await startHttpServer({
      sandbox: { sandbox: sandbox.instance, adminToken: sandbox.adminToken },
      port,
      host: options.host,
    });
    const configs = clientConfigs({ url: server.url });
    return {
      name: 'MCP server',
      url: server.url,
      lines: [
        `MCP endpoint:  ${server.url}  (Streamable HTTP)`,
        `businesses:    ${server.connections.map((c) => `${c.name} (${c.businessName})`).join(', ')}`,
        'Connect Claude Code:',
        `  ${configs.claudeCode.http}`,
        'Or browse its tools in the MCP Inspector:',
        `  ${configs.inspector.web}`,
      ],
      close: () => server.close(),
    };
  },
};
