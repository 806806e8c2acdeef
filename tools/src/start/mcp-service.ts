import {
  ConnectionError,
  clientConfigs,
  localStdioCommand,
  type RunningHttpServer,
  startHttpServer,
} from '@acctkit/mcp-server/node';
import type { Sandbox } from '@acctkit/sandbox';
import type { Service } from './service.ts';

/** The loopback address the MCP server keeps when `--host` names one the network can reach. */
const LOOPBACK = '127.0.0.1';

/**
 * Starts the MCP server on `host`, or on loopback when the package refuses `host`: it serves a host
 * the network can reach only with a bearer token, and the server npm start runs is the no-sign-in one
 * for this machine (from elsewhere, the remote MCP server signs in through the sandbox).
 */
async function startOnLoopbackUnlessAllowed(
  sandbox: { readonly instance: Sandbox; readonly adminToken: string },
  port: number,
  host: string,
): Promise<{ readonly server: RunningHttpServer; readonly keptOnLoopback: boolean }> {
  const options = { sandbox: { sandbox: sandbox.instance, adminToken: sandbox.adminToken }, port };
  try {
    return { server: await startHttpServer({ ...options, host }), keptOnLoopback: false };
  } catch (error) {
    if (!(error instanceof ConnectionError && error.code === 'INVALID_ARGUMENT')) throw error;
    return { server: await startHttpServer({ ...options, host: LOOPBACK }), keptOnLoopback: true };
  }
}

/** `npx -y …`: without -y, npx asks before installing, and fails in a shell that cannot answer. */
export function withNpxYes(command: string): string {
  return command.replace(/^npx (?!-y )/, 'npx -y ');
}

/**
 * The MCP server over Streamable HTTP, serving both demo businesses of the running sandbox (tokens
 * minted through its admin API), with the commands that connect an MCP client to it. The HTTP
 * endpoint, the stdio server and the remote server each have their own name in a client
 * (`acctkit`, `acctkit-stdio`, `acctkit-remote`), so one client can hold all three.
 */
export const mcpService: Service = {
  name: 'MCP server',
  port: 'mcp',
  async start({ options, port, sandbox }) {
    const { server, keptOnLoopback } = await startOnLoopbackUnlessAllowed(sandbox, port, options.host);
    // From a clone the package is not published yet: clients start this clone's built bin.
    const configs = clientConfigs({
      url: server.url,
      name: 'acctkit',
      stdio: localStdioCommand(['--sandbox']),
      stdioName: 'acctkit-stdio',
    });
    const indent = (text: string): string[] => text.split('\n').map((line) => `  ${line}`);
    return {
      name: 'MCP server',
      url: server.url,
      lines: [
        `MCP endpoint:  ${server.url}  (Streamable HTTP)`,
        ...(keptOnLoopback
          ? [
              `               on ${LOOPBACK} only, not ${options.host}: it needs no sign-in; from another machine use the remote MCP server`,
            ]
          : []),
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
        `  ${withNpxYes(configs.inspector.cli)}`,
        `  ${withNpxYes(configs.inspector.web)}`,
      ],
      close: () => server.close(),
    };
  },
};
