import type { ToolErrorBody } from '../tool-failure.js';

/** The server's instructions while no business is connected: what works, and how to add one. */
export const NO_BUSINESS_INSTRUCTIONS: string = [
  'acctkit: the books of a small business, once one is connected. None is connected yet.',
  'To add one, call connect_business: the user signs in to the accounting service and approves a business; the tools list then changes to its tools.',
  'Until then only list_businesses (empty) and connect_business work.',
].join('\n');

/** The failure of a business tool while no business is connected. */
export function notConnected(connecting: boolean): ToolErrorBody {
  return {
    code: 'NOT_CONNECTED',
    message: connecting
      ? 'No business is connected. Call connect_business to let the user sign in and add one, then call this tool again.'
      : 'No business is connected. Restart acctkit-mcp after `acctkit login`, or with --sandbox for demo data.',
  };
}

/**
 * The failure of `connect_business` where it is not offered: the remote server signs a business in
 * with its own OAuth, the sandbox serves its demo businesses, read-only mode leaves writes out.
 */
export const CONNECT_NOT_AVAILABLE: ToolErrorBody = {
  code: 'NOT_AVAILABLE',
  message:
    'connect_business is offered only by the local acctkit-mcp over stdio, outside --sandbox and --read-only. On the remote server a business is connected when you sign in to it: sign in again to add another.',
};
