// The floor the benchmark measures acctkit-mcp against: the smallest stdio server of the same MCP SDK,
// one zod tool, bundled with esbuild as acctkit-mcp is. Its tool makes the same signed request as
// list_contacts (GET /accounts/v2/contacts through @acctkit/client, from the ACCTKIT_* variables) and
// returns the page as it came, so the per-call comparison leaves only acctkit-mcp's own work.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

type Client = Extract<ReturnType<typeof import('@acctkit/client').createClient>, { variant: 'de' }>;
let client: Promise<Client> | undefined;

/** The signed client, built on the first call: the start-up floor loads the SDK and zod only. */
function signedClient(): Promise<Client> {
  client ??= import('@acctkit/client').then(
    ({ createClient }) =>
      createClient({
        variant: 'de',
        baseUrl: String(process.env.ACCTKIT_BASE_URL),
        userAgent: 'floor',
        credentials: {
          accessToken: String(process.env.ACCTKIT_ACCESS_TOKEN),
          signingSecret: String(process.env.ACCTKIT_SIGNING_SECRET),
        },
      }) as Client,
  );
  return client;
}

serveStdio(() => {
  const server = new McpServer({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'list_contacts',
    {
      title: 'List contacts',
      description: 'A page of contacts.',
      inputSchema: z.object({ limit: z.number().int().min(1).max(100).describe('Page size.') }),
    },
    async ({ limit }) => {
      const { data } = await (await signedClient()).GET('/accounts/v2/contacts', {
        params: { query: { $startIndex: 0, $itemsPerPage: limit } },
      });
      if (!data) return { content: [{ type: 'text', text: 'failed' }], isError: true };
      const items = data.$resources;
      return {
        content: [{ type: 'text', text: JSON.stringify({ items }) }],
        structuredContent: { items },
      };
    },
  );
  return server;
});
