// What the approval card reads from tool results: the pending change, its one-use token, and the
// outcome of `approve_change`.
// A type-only import: the server's description of the card's data, erased from the card's bundle.
import type { ApprovalView } from '../../approvals/approval-needed.js';
import { errorMessage, isObject, type ToolResult } from './tool-result.js';

/** The `_meta` key of a tool result that carries the approval token, kept out of the model's view. */
export const APPROVAL_META_KEY = 'io.acctkit/approval';

/** The server tool the card calls with the user's decision. */
export const APPROVE_TOOL = 'approve_change';

/** A change waiting for the user's approval, as the change tool describes it (`approval`). */
export type PendingChange = ApprovalView;

/** What a tool result says, as far as the card is concerned. */
export type ReadResult =
  | { readonly kind: 'pending'; readonly change: PendingChange; readonly token: string | undefined }
  | { readonly kind: 'done'; readonly status: string }
  | { readonly kind: 'failed'; readonly message: string };

function recordOrNull(value: unknown): Readonly<Record<string, unknown>> | null {
  return isObject(value) ? value : null;
}

function pendingChange(value: unknown): PendingChange | undefined {
  if (!isObject(value) || typeof value.action !== 'string') return undefined;
  return {
    action: value.action,
    business: typeof value.business === 'string' ? value.business : '',
    kind: typeof value.kind === 'string' ? value.kind : '',
    id: typeof value.id === 'number' ? value.id : null,
    before: recordOrNull(value.before),
    after: recordOrNull(value.after),
    changed: Array.isArray(value.changed)
      ? value.changed.filter((field): field is string => typeof field === 'string')
      : [],
  };
}

/**
 * Reads a tool result: a change waiting for approval (with its token from `_meta`, when the host
 * passed it on), a finished change, or a failure.
 *
 * @param result - the tool result from the host.
 */
export function readResult(result: ToolResult): ReadResult {
  if (result.isError) return { kind: 'failed', message: errorMessage(result) };
  const content = isObject(result.structuredContent) ? result.structuredContent : {};
  if (content.status === 'approval_pending') {
    const change = pendingChange(content.approval);
    if (!change) return { kind: 'failed', message: 'The tool result does not describe the change.' };
    const meta = isObject(result._meta) ? result._meta[APPROVAL_META_KEY] : undefined;
    const token =
      isObject(meta) && typeof meta.token === 'string' && meta.token !== '' ? meta.token : undefined;
    return { kind: 'pending', change, token };
  }
  return { kind: 'done', status: typeof content.status === 'string' ? content.status : 'done' };
}
