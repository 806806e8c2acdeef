// Run by `pnpm release:check`: an MCP client (the MCP SDK's) starts an installed `acctkit-mcp` over
// stdio as a desktop client would, from argv[2] = { command, args }, and reports what it was told.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const { command, args } = JSON.parse(process.argv[2] ?? '{}');
const transport = new StdioClientTransport({ command, args, env: process.env, stderr: 'pipe' });
let stderr = '';
transport.stderr?.on('data', (chunk) => {
  stderr += chunk;
});
const client = new Client({ name: 'acctkit-release-check', version: '1.0.0' });
try {
  await client.connect(transport, { timeout: 60_000 });
  const { tools } = await client.listTools();
  console.log(
    JSON.stringify({
      server: client.getServerVersion(),
      protocolVersion: transport.protocolVersion ?? null,
      tools: tools.map((tool) => tool.name),
    }),
  );
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
