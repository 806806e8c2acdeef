/** Hooks into the SDK's request handlers: what `tools/list` shows, and how argument errors read. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { JsonSchema } from './json-schema.js';
import { fieldProblem } from './tool-failure.js';
import { errorResult } from './tool-result.js';

/** Field problems of zod issues, as argument paths. */
export function problemsOf(error: z.ZodError, variant?: string): ReturnType<typeof fieldProblem>[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) =>
        fieldProblem(
          base ? `${base}.${key}` : key,
          variant ? `not a field of ${variant} businesses` : 'not an argument of this tool',
        ),
      );
    return [fieldProblem(base || '(arguments)', issue.message)];
  });
}

/**
 * `tools/list` shows the JSON schemas as generated from the spec, not the SDK's round trip through
 * zod (which adds ±2^53 bounds to every integer and open `additionalProperties`: a third more tokens).
 * The zod schemas built from the same JSON still validate every call.
 */
export function listSchemasAsGenerated(
  mcp: McpServer,
  listed: ReadonlyMap<string, { inputSchema: JsonSchema; outputSchema: JsonSchema }>,
): void {
  const handlers = (mcp.server as unknown as { _requestHandlers: Map<string, RawHandler> })._requestHandlers;
  const original = handlers.get('tools/list');
  if (!original) return;
  handlers.set('tools/list', async (request, extra) => {
    const result = (await original(request, extra)) as { tools: { name: string }[] };
    // `execution` only says tasks are not supported, which is the default: left out, like the schemas' noise.
    const tools = result.tools.map(({ execution: _e, ...tool }: { name: string; execution?: unknown }) => ({
      ...tool,
      ...listed.get(tool.name),
    }));
    return { ...result, tools };
  });
}

type RawHandler = (
  request: { params?: { name?: string; arguments?: unknown } },
  extra: unknown,
) => Promise<unknown>;

/**
 * The SDK answers arguments that fail the input schema with a plain-text error; this turns them into
 * the structured `INVALID_ARGUMENTS` result every other failure has, with per-field problems.
 */
export function structureValidationErrors(mcp: McpServer, schemas: ReadonlyMap<string, z.ZodType>): void {
  // The SDK keeps request handlers in a private map; wrapping its tools/call handler is the one hook.
  const handlers = (mcp.server as unknown as { _requestHandlers: Map<string, RawHandler> })._requestHandlers;
  const original = handlers.get('tools/call');
  if (!original) return;
  handlers.set('tools/call', async (request, extra) => {
    const result = (await original(request, extra)) as CallToolResult;
    const name = request.params?.name ?? '';
    const schema = schemas.get(name);
    if (!result.isError || result.structuredContent || !schema) return result;
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    if (!text.includes('Input validation error')) return result;
    const parsed = schema.safeParse(request.params?.arguments ?? {});
    return errorResult({
      code: 'INVALID_ARGUMENTS',
      message: `Some arguments of ${name} are not valid. Fix the fields listed and call again.`,
      fields: parsed.success ? [] : problemsOf(parsed.error),
    });
  });
}
