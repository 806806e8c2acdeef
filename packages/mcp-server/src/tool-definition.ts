import type { ChangeClient } from '@acctkit/change-journal';
import type { InputRequiredResult, InputResponses, ToolAnnotations } from '@modelcontextprotocol/server';
import type { ApprovalChannel } from './approvals/approval-channel.js';
import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';
import type { Logger } from './logger.js';
import type { Toolset } from './toolset.js';
import type { MaybeTypedSchema } from './typed-schema.js';

type Variant = BusinessConnection['variant'];

/** What a handler gets besides its arguments. Nothing here knows the transport. */
export interface ToolContext {
  /** The business the call is for (chosen by `business`, or the only one). */
  readonly connection: BusinessConnection;
  /** Every connection the server serves. */
  readonly connections: readonly BusinessConnection[];
  /** Aborted when the client cancels the call. */
  readonly signal: AbortSignal;
  /**
   * The client's forms, or `undefined` when it cannot show them: `responses` are the answers of the
   * forms this call asked for (none on its first round). A handler asks by throwing {@link InputNeeded}.
   */
  readonly form: { readonly responses: InputResponses | Record<string, unknown> | undefined } | undefined;
  /**
   * Why there is no form: the client declared no form support, or the transport cannot carry one (a
   * 2025-era request over HTTP without a session, or a deployment the answer may not route back to).
   */
  readonly formUnavailable?: 'client' | 'transport' | undefined;
  /** Reports progress when the client asked for it (`_meta.progressToken`); otherwise does nothing. */
  readonly progress: (progress: number, total?: number, message?: string) => Promise<void>;
  /** Log lines to the client, secrets redacted. */
  readonly log: Logger;
  /** Who is calling, as the journal names them. */
  readonly caller: Caller;
  /** The tool and the arguments of this call (checked), as an approval card runs it again. */
  readonly call: { readonly tool: string; readonly arguments: Readonly<Record<string, unknown>> };
  /**
   * Set when the client renders MCP Apps: confirmations wait for the approval card instead of a form,
   * in this storage.
   */
  readonly approvals?: ApprovalChannel | undefined;
}

/**
 * The caller of a tool: the MCP client as it named itself and, on the remote server, the OAuth client
 * and the user who signed in.
 */
export interface Caller {
  readonly client?: ChangeClient | undefined;
  readonly oauthClientId?: string | undefined;
  readonly user?: string | undefined;
}

/** A link to the resource of a record the tool returned. */
export interface RecordLink {
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
}

/** A handler's successful result: the structured content, and links to records it returned. */
export interface ToolSuccess {
  readonly data: Record<string, unknown>;
  readonly links?: readonly RecordLink[];
}

/** The four annotations, all set deliberately. */
export type Annotations = Required<
  Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>
>;

/** One tool of the catalogue. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly toolset: Toolset;
  /**
   * Whether the tool changes data (left out in read-only mode): `readOnlyHint` false. Never declared:
   * {@link defineTool} derives it from the annotations.
   */
  readonly write: boolean;
  /** Whether the tool acts on one business (and so takes `business`). */
  readonly perBusiness: boolean;
  readonly annotations: Annotations;
  /** The tool's own arguments for the connected variants (without `business`). */
  readonly input: (variants: readonly Variant[]) => JsonSchema;
  /** The structured content's schema for the connected variants. */
  readonly output: (variants: readonly Variant[]) => JsonSchema;
  /**
   * The MCP Apps card that shows the tool's results to clients that render them: `approval` (the
   * tool's confirmations wait for Approve or Cancel on it), `chart` or `reconciliation`.
   */
  readonly card?: 'approval' | 'chart' | 'reconciliation' | undefined;
  /** Runs the tool; throws `ToolFailure` for a failed call. */
  readonly run: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolSuccess>;
}

/**
 * A tool as its module declares it: `run` takes the arguments its `input` schema accepts (`A`, from a
 * `TypedSchema`; a record of unknown values for an untyped schema).
 */
export interface ToolDeclaration<A extends Readonly<Record<string, unknown>>>
  extends Omit<ToolDefinition, 'write' | 'input' | 'run'> {
  readonly input: (variants: readonly Variant[]) => MaybeTypedSchema<A>;
  readonly run: (args: A, context: ToolContext) => Promise<ToolSuccess>;
}

/**
 * A tool of the catalogue, its `write` derived from its annotations (`readOnlyHint` false), its
 * handler typed by its input schema.
 */
export function defineTool<A extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>>(
  tool: ToolDeclaration<A>,
): ToolDefinition {
  // The catalogue holds tools of every argument type, so it erases `A` here. That is sound because
  // the runner calls `run` only with arguments it has checked against this tool's own `input` schema
  // for the business's variant (`runTool`), and `A` is derived from that schema.
  return { ...tool, run: tool.run as ToolDefinition['run'], write: !tool.annotations.readOnlyHint };
}

/**
 * Thrown by a handler that needs the user's answer before it can go on: the call answers with the
 * input requests, and runs again from the start with the answers once the client has them.
 */
export class InputNeeded {
  constructor(readonly result: InputRequiredResult) {}
}
