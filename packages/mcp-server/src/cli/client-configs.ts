/** How an MCP client starts the server over stdio. */
export interface StdioCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** Options of {@link clientConfigs}. */
export interface ClientConfigOptions {
  /** The Streamable HTTP endpoint, for example `http://127.0.0.1:3001/mcp`. */
  readonly url: string;
  /** The stdio command (default {@link NPX_SANDBOX_COMMAND}, which runs `acctkit-mcp --sandbox`). */
  readonly stdio?: StdioCommand | undefined;
  /** The server's name in each client's configuration (default `acctkit`). */
  readonly name?: string | undefined;
  /**
   * The name of the stdio snippets (default: `name`). Give it another one when a user may add both the
   * HTTP endpoint and the stdio server to one client: a client refuses a second server of the same name.
   */
  readonly stdioName?: string | undefined;
}

/** Ready-to-paste configuration for each MCP client; each is text to paste or run as it is. */
export interface ClientConfigs {
  /** `claude_desktop_config.json` (Claude Desktop starts local servers over stdio). */
  readonly claudeDesktop: string;
  /** `claude mcp add` commands: the HTTP endpoint, and the stdio alternative. */
  readonly claudeCode: { readonly http: string; readonly stdio: string };
  /** `.vscode/mcp.json`: the HTTP endpoint, and the stdio alternative. */
  readonly vscode: { readonly http: string; readonly stdio: string };
  /** `.cursor/mcp.json`: the HTTP endpoint, and the stdio alternative. */
  readonly cursor: { readonly http: string; readonly stdio: string };
  /** MCP Inspector commands: list the tools from the terminal, or open the web UI. */
  readonly inspector: { readonly cli: string; readonly web: string };
}

/**
 * The stdio command of a published install: `npx -y -p @acctkit/mcp-server -p @acctkit/sandbox
 * acctkit-mcp --sandbox` (the sandbox is an optional peer of the server, so it is named too).
 */
export const NPX_SANDBOX_COMMAND: StdioCommand = {
  command: 'npx',
  args: ['-y', '-p', '@acctkit/mcp-server', '-p', '@acctkit/sandbox', 'acctkit-mcp', '--sandbox'],
};

/** Quotes a shell word when it needs it (POSIX shells). */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * Builds ready-to-paste configuration for Claude Desktop, Claude Code, VS Code, Cursor and the MCP
 * Inspector, for one MCP URL and one stdio command.
 *
 * @param options - The MCP URL, the stdio command (default {@link NPX_SANDBOX_COMMAND}), the server name
 *   and the name of the stdio snippets (default: the same).
 * @returns One snippet per client.
 * @example
 * ```ts
 * import { clientConfigs } from '@acctkit/mcp-server/node';
 * const configs = clientConfigs({ url: 'http://127.0.0.1:3001/mcp' });
 * process.stdout.write(`${configs.claudeCode.http}\n`);
 * // claude mcp add --transport http acctkit http://127.0.0.1:3001/mcp
 * ```
 */
export function clientConfigs(options: ClientConfigOptions): ClientConfigs {
  const name = options.name ?? 'acctkit';
  const stdioName = options.stdioName ?? name;
  const stdio = options.stdio ?? NPX_SANDBOX_COMMAND;
  const stdioEntry = { command: stdio.command, args: [...stdio.args] };
  const stdioLine = [stdio.command, ...stdio.args].map(shellWord).join(' ');
  return {
    claudeDesktop: json({ mcpServers: { [stdioName]: stdioEntry } }),
    claudeCode: {
      http: `claude mcp add --transport http ${shellWord(name)} ${shellWord(options.url)}`,
      stdio: `claude mcp add ${shellWord(stdioName)} -- ${stdioLine}`,
    },
    vscode: {
      http: json({ servers: { [name]: { type: 'http', url: options.url } } }),
      stdio: json({ servers: { [stdioName]: { type: 'stdio', ...stdioEntry } } }),
    },
    cursor: {
      http: json({ mcpServers: { [name]: { url: options.url } } }),
      stdio: json({ mcpServers: { [stdioName]: stdioEntry } }),
    },
    inspector: {
      cli: `npx @modelcontextprotocol/inspector --cli ${shellWord(options.url)} --method tools/list`,
      web: `npx @modelcontextprotocol/inspector --transport http --server-url ${shellWord(options.url)}`,
    },
  };
}
