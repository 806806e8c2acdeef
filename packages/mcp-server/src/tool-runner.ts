import {
  type CallToolResult,
  CLIENT_INFO_META_KEY,
  type InputRequiredResult,
  type LoggingLevel,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ApprovalChannel } from './approvals/approval-channel.js';
import { ApprovalNeeded, pendingResult } from './approvals/approval-needed.js';
import { cardResultMeta } from './apps/card-locale.js';
import { problemsOf } from './argument-problems.js';
import type { BusinessConnection } from './business-connection.js';
import { selectBusiness } from './business-selection.js';
import { capabilitiesOf, rendersApps } from './client-capabilities.js';
import { createLogger, type LogSink, severityOf } from './logger.js';
import type { SignedIn } from './server-options.js';
import { type Caller, InputNeeded, type ToolContext, type ToolDefinition } from './tool-definition.js';
import type { ToolEntry } from './tool-entry.js';
import { failureFromThrown, ToolFailure } from './tool-failure.js';
import { errorResult, successResult } from './tool-result.js';
import { topLevel, toZod } from './tool-schema.js';

/** Everything a tool's call runs with besides its arguments. */
export interface RunContext {
  /** The tool and the businesses it may act on. */
  readonly entry: ToolEntry;
  /** Every connection the server serves. */
  readonly connections: readonly BusinessConnection[];
  /** The SDK's context of the `tools/call` request. */
  readonly request: ServerContext;
  readonly server: McpServer;
  /** Who the server acts for (the remote server's grant), as journal entries name them. */
  readonly signedIn: SignedIn;
  /** Where confirmations wait for an approval card, and the approval this call runs with, if any. */
  readonly approvals: ApprovalChannel;
  /** Where log lines go: the server's sink, and the level a 2025-era client set (none until it sets one). */
  readonly log: { readonly sink?: LogSink | undefined; readonly level: () => LoggingLevel | undefined };
  /** Whether the transport can carry a form to a 2025-era client and its answer back. */
  readonly formsCarried: boolean;
}

type Variant = BusinessConnection['variant'];

const variantSchemas = new WeakMap<ToolDefinition, Map<string, z.ZodType>>();

/** The zod schema of a tool's arguments for one variant, built once. */
function variantSchema(tool: ToolDefinition, variant: Variant): z.ZodType {
  let byVariant = variantSchemas.get(tool);
  if (!byVariant) {
    byVariant = new Map();
    variantSchemas.set(tool, byVariant);
  }
  let schema = byVariant.get(variant);
  if (!schema) {
    schema = toZod(topLevel(tool.input([variant])));
    byVariant.set(variant, schema);
  }
  return schema;
}

/**
 * Runs one call of a tool: picks the business, checks the arguments against its variant, runs the
 * handler and turns what it returns or throws into the call's result (a failure is a result, never a
 * thrown error).
 */
export async function runTool(
  run: RunContext,
  args: Record<string, unknown>,
): Promise<CallToolResult | InputRequiredResult> {
  const { entry, connections, request: ctx, server: mcp } = run;
  const { tool, eligible } = entry;
  const { business, ...rest } = args;
  // 2026-07-28 deprecates logging: only clients on an older version get log notifications, and only
  // at or above the level they set.
  const legacy = ctx.mcpReq.envelope === undefined;
  const log = createLogger((params) => {
    run.log.sink?.(params);
    const threshold = run.log.level();
    return legacy && threshold !== undefined && severityOf(params.level) >= severityOf(threshold)
      ? ctx.mcpReq.log(params.level, params.data, params.logger)
      : Promise.resolve();
  });
  let connection: BusinessConnection | undefined;
  try {
    connection = tool.perBusiness
      ? selectBusiness(business, connections, eligible, tool.name)
      : (connections[0] as BusinessConnection);
    // The listed schema is the union of the connected variants; this business's own variant decides.
    // A tool for no business (list_businesses) also runs with none connected: its schema has no variant.
    const own = variantSchema(tool, connection?.variant ?? 'de');
    const parsed = own.safeParse(rest);
    if (!parsed.success)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: `Some arguments are not valid${connection ? ` for business '${connection.name}' (${connection.variant})` : ''}. Fix the fields listed and call ${tool.name} again.`,
        ...(connection && { business: connection.name }),
        fields: problemsOf(parsed.error, tool.perBusiness ? connection.variant : undefined),
      });
    const context: ToolContext = {
      connection,
      connections,
      signal: ctx.mcpReq.signal,
      ...formsOf(mcp, ctx, run.formsCarried),
      progress: progressReporter(ctx),
      log,
      caller: callerOf(mcp, ctx, run.signedIn),
      call: { tool: tool.name, arguments: parsed.data as Record<string, unknown> },
      // A call the card approved runs with the approval even if the card's host left the capability out.
      ...((run.approvals.approved !== undefined || rendersApps(mcp, ctx)) && { approvals: run.approvals }),
    };
    const success = await tool.run(parsed.data as Record<string, unknown>, context);
    return forCard(successResult(success), tool, connection, mcp, ctx);
  } catch (error) {
    if (error instanceof InputNeeded) return error.result;
    if (error instanceof ApprovalNeeded) return forCard(pendingResult(error), tool, connection, mcp, ctx);
    const failure =
      error instanceof ToolFailure
        ? error
        : connection
          ? failureFromThrown(connection, error)
          : new ToolFailure({
              code: 'INTERNAL_ERROR',
              message: 'The server failed. Try again; if it persists, report it.',
            });
    log.log(failure.body.code === 'INTERNAL_ERROR' ? 'error' : 'warning', `${tool.name} failed`, {
      code: failure.body.code,
      ...(connection ? { business: connection.name } : {}),
      ...(failure.body.code === 'INTERNAL_ERROR' && error instanceof Error ? { cause: error.message } : {}),
    });
    return errorResult(failure.body);
  }
}

/** A card tool's result to a client that renders MCP Apps carries the business's locale for the card. */
function forCard(
  result: CallToolResult,
  tool: ToolDefinition,
  connection: BusinessConnection | undefined,
  mcp: McpServer,
  ctx: ServerContext,
): CallToolResult {
  if (tool.card === undefined || connection === undefined || !rendersApps(mcp, ctx)) return result;
  return { ...result, _meta: { ...result._meta, ...cardResultMeta(connection.variant) } };
}

/**
 * The form channel of a call, when the client can show forms, or why it cannot: on 2026-07-28 the
 * capabilities come with each request, on older versions from `initialize` (and the SDK sends the form
 * as an `elicitation/create` request on the call's stream). An empty `elicitation: {}` is the form mode
 * of clients from before modes existed. A 2025-era request that reaches a server with no `initialize`
 * (HTTP without a session), or a transport that cannot bring the answer back, has no form to offer
 * whatever the client can do.
 */
function formsOf(
  mcp: McpServer,
  ctx: ServerContext,
  carried: boolean,
): Pick<ToolContext, 'form' | 'formUnavailable'> {
  const legacy = ctx.mcpReq.envelope === undefined;
  const capabilities = capabilitiesOf(mcp, ctx);
  if (capabilities === undefined) return { form: undefined, formUnavailable: 'transport' };
  const capability = capabilities.elicitation as { form?: object; url?: object } | undefined;
  const form = capability && (capability.form !== undefined || capability.url === undefined);
  if (!form) return { form: undefined, formUnavailable: 'client' };
  if (legacy && !carried) return { form: undefined, formUnavailable: 'transport' };
  return { form: { responses: ctx.mcpReq.inputResponses } };
}

/**
 * Who is calling: the client's `clientInfo` (with each request on 2026-07-28, from `initialize` on
 * older versions), and the OAuth client and signed-in user the server acts for.
 */
function callerOf(mcp: McpServer, ctx: ServerContext, { oauthClientId, user }: SignedIn): Caller {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = (envelope ? envelope[CLIENT_INFO_META_KEY] : mcp.server.getClientVersion()) as
    | { name?: unknown; version?: unknown }
    | undefined;
  const client =
    typeof info?.name === 'string'
      ? {
          name: info.name.slice(0, 100),
          ...(typeof info.version === 'string' && { version: info.version.slice(0, 50) }),
        }
      : undefined;
  return {
    ...(client && { client }),
    ...(oauthClientId !== undefined && { oauthClientId }),
    ...(user !== undefined && { user }),
  };
}

function progressReporter(ctx: ServerContext): ToolContext['progress'] {
  const token = ctx.mcpReq._meta?.progressToken;
  return async (progress, total, message) => {
    if (token === undefined) return;
    await ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    });
  };
}
