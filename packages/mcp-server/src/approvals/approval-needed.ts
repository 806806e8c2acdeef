import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../json-schema.js';

/** The key of a result's `_meta` that carries the approval token to the card (and not to the model). */
export const APPROVAL_META_KEY = 'io.acctkit/approval';

/** What the card shows of a change that waits for the user. */
export interface ApprovalView {
  /** What will happen: `Delete expense 12 in business 'de' (Muster GmbH)`. */
  readonly action: string;
  readonly business: string;
  /** The record kind (`expenses`). */
  readonly kind: string;
  readonly id: number | null;
  /** The record now (`null` for a re-create). */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** The record after the change (`null` for a delete). */
  readonly after: Readonly<Record<string, unknown>> | null;
  /** The fields that change. */
  readonly changed: readonly string[];
}

/**
 * Thrown by a confirmation on a client that renders MCP Apps: the call answers with the approval card's
 * data (`status: "approval_pending"`) and the token of the pending approval in `_meta`.
 */
export class ApprovalNeeded {
  constructor(
    readonly view: ApprovalView,
    readonly token: string,
  ) {}
}

/**
 * An approval card tool's output schema, with the `approval_pending` status. The card's data
 * (`approval`) is not listed: the schema leaves other properties open, and the result's `message`
 * says what the model needs of it (DECISIONS MC36).
 */
export function pendingOutput(schema: JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  const status = properties.status ?? {};
  return {
    ...schema,
    properties: { ...properties, status: { ...status, enum: [...(status.enum ?? []), 'approval_pending'] } },
  };
}

/**
 * A change that waits for the approval card: the card's data as the result, the approval's token in
 * `_meta` (for the card; hosts give the model the content and structured content).
 */
export function pendingResult(needed: ApprovalNeeded): CallToolResult {
  const data = {
    status: 'approval_pending',
    message: `${needed.view.action}: waiting for the user to approve or cancel on the card. Nothing has changed yet; the card will report the outcome.`,
    approval: needed.view,
  };
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: data,
    _meta: { [APPROVAL_META_KEY]: { token: needed.token } },
  };
}
