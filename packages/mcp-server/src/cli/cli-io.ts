/** Where the CLI writes: stdout carries only MCP messages in stdio mode, so everything else goes to stderr. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}
