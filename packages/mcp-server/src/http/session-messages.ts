// What the requests of a 2025-era session carry that the session must keep or act on: the messages
// of a body, the client's `initialize` declaration, a `logging/setLevel`.
import { isJSONRPCRequest, type JSONRPCMessage, type LoggingLevel } from '@modelcontextprotocol/server';
import { isLoggingLevel } from '../logger.js';
import type { SessionDeclaration } from './session-store.js';

/** The largest `initialize` parameters kept for a session, in characters of JSON. */
export const MAX_DECLARATION: number = 16 * 1024;

/** The JSON-RPC messages of a POST body, read from a clone; `undefined` when it is not JSON. */
export async function messagesOf(request: Request): Promise<JSONRPCMessage[] | undefined> {
  try {
    return asMessages(await request.clone().json());
  } catch {
    return undefined;
  }
}

/** A JSON body as the list of messages it carries (a batch or one message). */
export function asMessages(body: unknown): JSONRPCMessage[] {
  return (Array.isArray(body) ? body : [body]) as JSONRPCMessage[];
}

/** What an `initialize` declared (protocol version, capabilities, client), or `undefined` when malformed or too large. */
export function declarationOf(params: unknown): SessionDeclaration['initialize'] | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { protocolVersion, capabilities, clientInfo } = params as Record<string, unknown>;
  if (typeof protocolVersion !== 'string' || !isObject(capabilities) || !isObject(clientInfo))
    return undefined;
  const declaration = {
    protocolVersion,
    capabilities,
    clientInfo,
  } as unknown as SessionDeclaration['initialize'];
  return JSON.stringify(declaration).length <= MAX_DECLARATION ? declaration : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The level of a `logging/setLevel` request among the messages, if there is one. */
export function levelSetIn(messages: readonly JSONRPCMessage[]): LoggingLevel | undefined {
  for (const message of messages) {
    if (!isJSONRPCRequest(message) || message.method !== 'logging/setLevel') continue;
    const level = (message.params as { level?: unknown } | undefined)?.level;
    if (isLoggingLevel(level)) return level;
  }
  return undefined;
}

/**
 * Whether answering these messages may send the session's client something before the answer: a form
 * or a sampling request during a tool call of a client that declared either, a log line during a tool
 * call of a session that set a level (only tool calls log), or progress for a request that asked for
 * it. Only such requests are answered as an SSE stream; the others get one JSON answer, which costs
 * the server and the client less (at 50 clients about a fifth of the CPU of a call).
 */
export function mayStream(messages: readonly JSONRPCMessage[], declaration: SessionDeclaration): boolean {
  const { capabilities } = declaration.initialize;
  const asks =
    declaration.logLevel !== undefined ||
    capabilities.elicitation !== undefined ||
    capabilities.sampling !== undefined;
  return messages.some((message) => {
    if (!isJSONRPCRequest(message)) return false;
    const params = message.params as { _meta?: { progressToken?: unknown } } | undefined;
    return params?._meta?.progressToken !== undefined || (asks && message.method === 'tools/call');
  });
}
