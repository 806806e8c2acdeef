import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolSuccess } from './tool-definition.js';
import type { ToolErrorBody } from './tool-failure.js';

/** A successful result: `structuredContent`, the same as compact JSON text, and resource links. */
export function successResult(success: ToolSuccess): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(success.data) },
      ...(success.links ?? []).map((link) => ({
        type: 'resource_link' as const,
        uri: link.uri,
        name: link.name,
        mimeType: 'application/json',
        ...(link.description ? { description: link.description } : {}),
      })),
    ],
    structuredContent: success.data,
  };
}

/**
 * A failed call: `isError: true` and `{"error": {code, message, fields…}}` as JSON text. No
 * `structuredContent`, which clients validate against the tool's output schema even for errors.
 */
export function errorResult(body: ToolErrorBody): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: body }) }] };
}
