import { clientConfigs, localStdioCommand, startHttpServer } from '@acctkit/mcp-server/node';
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
    // From a clone the package is not published yet: clients start this clone's built bin.
    const configs = clientConfigs({ url: server.url, stdio: localStdioCommand(['--sandbox']) });
    const indent = (text: string): string[] => text.split('\n').map((line) => `  ${line}`);
    return {
      name: 'MCP server',
      url: server.url,
      lines: [
        `MCP endpoint:  ${server.url}  (Streamable HTTP)`,
        `businesses:    ${server.connections.map((c) => `${c.name} (${c.businessName})`).join(', ')}`,
        'Claude Code (this endpoint):',
        `  ${configs.claudeCode.http}`,
        'Claude Desktop (claude_desktop_config.json; stdio, its own in-process sandbox):',
        ...indent(configs.claudeDesktop),
        'Claude Code (stdio, its own in-process sandbox):',
        `  ${configs.claudeCode.stdio}`,
        'VS Code (.vscode/mcp.json; stdio):',
        ...indent(configs.vscode.stdio),
        'Cursor (.cursor/mcp.json; stdio):',
        ...indent(configs.cursor.stdio),
        'MCP Inspector (list the tools from the terminal, or open its web UI):',
        `  ${configs.inspector.cli}`,
        `  ${configs.inspector.web}`,
      ],
      close: () => server.close(),
    };
  },
};
