import { AccountingError } from '@acctkit/client';
import type { CallToolResult, McpServer, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { BusinessConnection } from '../business-connection.js';
import type { BusinessConnector, PendingSignIn } from '../business-connector.js';
import { businessProfileOf } from '../business-profile-of.js';
import { capabilitiesOf } from '../client-capabilities.js';
import { ConnectionError } from '../connections/connection-error.js';
import { ToolFailure } from '../tool-failure.js';
import { errorResult, successResult } from '../tool-result.js';

/** The name of the tool that connects a business from the chat. */
export const CONNECT_BUSINESS = 'connect_business';

/** How long a sign-in waits for the browser by default, and at most (seconds). */
export const SIGN_IN_TIMEOUT = { default: 300, min: 10, max: 900 } as const;

const BUSINESS_OUTPUT = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    variant: { type: 'string', enum: ['de', 'pt'] },
    business_id: { type: 'integer' },
    business_name: { type: 'string' },
    scope: { type: 'string', enum: ['readonly', 'full_access'] },
  },
} as const;

/** `connect_business` as `tools/list` shows it (local server only; a write: `--read-only` leaves it out). */
export const CONNECT_BUSINESS_TOOL: Tool = {
  name: CONNECT_BUSINESS,
  title: 'Connect a business',
  description:
    "Opens the service's sign-in for the user and adds the business they approve. Without a link prompt, returns sign_in_url to show the user.",
  inputSchema: {
    type: 'object',
    properties: {
      scope: { type: 'string', enum: ['full_access', 'readonly'] },
      name: { type: 'string', description: 'Default <country>-<business id>.' },
      timeout_seconds: { type: 'integer', minimum: SIGN_IN_TIMEOUT.min, maximum: SIGN_IN_TIMEOUT.max },
    },
  },
  outputSchema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['connected', 'sign_in_required'] },
      business: BUSINESS_OUTPUT,
      sign_in_url: { type: 'string' },
    },
    required: ['status'],
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
};

/** What `connect_business` needs of the server it runs in. */
export interface ConnectBusinessHost {
  readonly connector: BusinessConnector;
  /** Adds (or replaces, by name) the connection in the running server and tells the client. */
  readonly added: (connection: BusinessConnection) => Promise<void>;
}

interface Arguments {
  readonly scope: 'readonly' | 'full_access';
  readonly name: string | undefined;
  readonly timeoutMs: number;
}

function argumentsOf(args: Record<string, unknown>): Arguments {
  const fields: { field: string; problem: string }[] = [];
  const { scope = 'full_access', name, timeout_seconds: seconds = SIGN_IN_TIMEOUT.default, ...rest } = args;
  if (scope !== 'full_access' && scope !== 'readonly')
    fields.push({ field: 'scope', problem: 'one of full_access, readonly' });
  if (name !== undefined && (typeof name !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(name)))
    fields.push({ field: 'name', problem: 'letters, digits, ., _ and -, at most 64' });
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < SIGN_IN_TIMEOUT.min ||
    seconds > SIGN_IN_TIMEOUT.max
  )
    fields.push({
      field: 'timeout_seconds',
      problem: `an integer from ${SIGN_IN_TIMEOUT.min} to ${SIGN_IN_TIMEOUT.max}`,
    });
  for (const field of Object.keys(rest))
    fields.push({ field, problem: 'not an argument of connect_business' });
  if (fields.length > 0)
    throw new ToolFailure({
      code: 'INVALID_ARGUMENTS',
      message: 'Some arguments are not valid. Fix the fields listed and call connect_business again.',
      fields,
    });
  return {
    scope: scope as Arguments['scope'],
    name: name as string | undefined,
    timeoutMs: (seconds as number) * 1000,
  };
}

/** The result of a connected business, as `list_businesses` shows one. */
async function connectedResult(connection: BusinessConnection): Promise<CallToolResult> {
  const { businessId, businessName } = await businessProfileOf(connection);
  return successResult({
    data: {
      status: 'connected',
      business: {
        name: connection.name,
        variant: connection.variant,
        business_id: businessId,
        business_name: businessName,
        scope: connection.scope,
      },
    },
  });
}

/** A failed sign-in as the call's failure: a timeout, a cancel, a denial or a refused code. */
function signInFailure(error: unknown, signal: AbortSignal): ToolFailure {
  if (error instanceof ToolFailure) return error;
  if (error instanceof AccountingError && error.code === 'TIMEOUT')
    return new ToolFailure(
      {
        code: 'TIMEOUT',
        message: `${error.message} Nothing was stored; call connect_business again to retry.`,
      },
      { cause: error },
    );
  if (signal.aborted)
    return new ToolFailure({ code: 'CANCELLED', message: 'The sign-in was cancelled; nothing was stored.' });
  if (error instanceof ConnectionError)
    return new ToolFailure(
      {
        code: error.code === 'INVALID_CONFIG' ? 'NOT_CONFIGURED' : 'SIGN_IN_FAILED',
        message: `${error.message} Nothing was stored.`,
      },
      { cause: error },
    );
  return new ToolFailure(
    {
      code: 'SIGN_IN_FAILED',
      message: `The sign-in failed (${(error as Error).message}); nothing was stored.`,
    },
    { cause: error },
  );
}

/**
 * Runs `connect_business`. A 2025-11-25 client that declared URL elicitation is asked to open the
 * sign-in page and the call waits for the redirect; any other client gets the page as `sign_in_url`
 * at once, and the sign-in goes on in the background: once the user approves, the business is added
 * and `notifications/tools/list_changed` says so.
 */
export async function connectBusiness(
  args: Record<string, unknown>,
  ctx: ServerContext,
  mcp: McpServer,
  host: ConnectBusinessHost,
): Promise<CallToolResult> {
  const signal = ctx.mcpReq.signal;
  try {
    const request = argumentsOf(args);
    const elicitation = capabilitiesOf(mcp, ctx)?.elicitation as { url?: object } | undefined;
    const urlMode = elicitation?.url !== undefined && ctx.mcpReq.envelope === undefined;
    // A call that waits ends its sign-in when cancelled, or when the user declines to open the page.
    const stop = new AbortController();
    const onAbort = (): void => stop.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    let pending: PendingSignIn;
    try {
      pending = await host.connector.begin({ ...request, signal: urlMode ? stop.signal : undefined });
    } catch (error) {
      throw signInFailure(error, signal);
    }
    const connected = pending.connected.then(async (connection) => {
      await host.added(connection);
      return connection;
    });
    if (!urlMode) {
      // Nobody awaits a background sign-in that times out: its failure only closes the listener.
      connected.catch(() => {});
      return successResult({
        data: {
          status: 'sign_in_required',
          sign_in_url: pending.url,
          message: `Show the user this link to sign in and approve a business within ${request.timeoutMs / 1000} s; the tools list changes once it is connected.`,
        },
      });
    }
    const elicitationId = crypto.randomUUID();
    const asked = ctx.mcpReq
      .elicitInput({
        mode: 'url',
        message: 'Sign in to the accounting service and approve the business acctkit may use.',
        url: pending.url,
        elicitationId,
      })
      .catch(() => undefined);
    const answer = await Promise.race([
      asked,
      connected.then(
        () => undefined,
        () => undefined,
      ),
    ]);
    if (answer && answer.action !== 'accept') {
      connected.catch(() => {});
      stop.abort();
      throw new ToolFailure({
        code: 'CANCELLED',
        message: `The user did not open the sign-in (${answer.action}); nothing was stored.`,
      });
    }
    let connection: BusinessConnection;
    try {
      connection = await connected;
    } catch (error) {
      throw signInFailure(error, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    await mcp.server
      .createElicitationCompletionNotifier(elicitationId)()
      .catch(() => {});
    return await connectedResult(connection);
  } catch (error) {
    return errorResult(signInFailure(error, signal).body);
  }
}
