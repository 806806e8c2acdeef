// Tool results as the host passes them to a card; they come from outside, so shapes are checked.
import type { McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps';

/** A tool result as the host passes it to the card. */
export type ToolResult = McpUiToolResultNotification['params'];

/**
 * Whether a value is a plain JSON object.
 *
 * @param value - any value from a tool result.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The message of a failed tool result: the coded error's message, else the first text content.
 *
 * @param result - a tool result with `isError: true`.
 */
export function errorMessage(result: ToolResult): string {
  const error = isObject(result.structuredContent) ? result.structuredContent.error : undefined;
  if (isObject(error) && typeof error.message === 'string') return error.message;
  const text = result.content?.find((block) => block.type === 'text');
  return text && 'text' in text && text.text !== '' ? text.text : 'The tool reported an error.';
}
