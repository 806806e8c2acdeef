// The approval card: shows a change that waits for the user (a delete, an amount change, an undo),
// the record before and after, and sends the user's decision to `approve_change` through the host.
import type { App } from '@modelcontextprotocol/ext-apps';
import { APPROVE_TOOL, type PendingChange, readResult } from './approval-data.js';
import { connectCard, createCardApp, showConnectionFailure } from './card-app.js';
import { type CardLocale, cardLocaleOf, date, money } from './card-locale.js';
import { h } from './dom.js';
import { AMOUNT_FIELDS, DATE_FIELDS, fieldLabel } from './field-labels.js';
import { displayValue, NO_VALUE, recordRows } from './record-rows.js';
import { STATEMENT_LINES_KIND, statementLinesTable } from './statement-lines-table.js';
import { errorMessage, type ToolResult } from './tool-result.js';

type Decision = 'approve' | 'cancel';

/** What the card says once a change is settled, by the change tool's `status`. */
const STATUS_TEXT: Readonly<Record<string, string>> = {
  deleted: 'Done: deleted.',
  updated: 'Done: updated.',
  created: 'Done: created.',
  undone: 'Done: undone.',
  cancelled: 'Cancelled: nothing was changed.',
};

function statusText(status: string): string {
  return STATUS_TEXT[status] ?? `Done: ${status}.`;
}

function outcome(text: string, tone: 'done' | 'failed' | 'waiting'): HTMLParagraphElement {
  return h('p', { class: `outcome ${tone}`, role: 'status', 'data-testid': 'outcome' }, text);
}

/** A field's value as a person reads it: amounts and dates in the business's locale, yes or no. */
function shownValue(field: string, value: unknown, locale: CardLocale): string {
  if (typeof value === 'string' && AMOUNT_FIELDS.has(field)) return money(value, locale);
  if (typeof value === 'string' && DATE_FIELDS.has(field)) return date(value, locale);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Id 0 of a reference is the service's "none" (a `de` expense without a supplier).
  if (value === 0 && field.endsWith('_id')) return NO_VALUE;
  return displayValue(value);
}

function recordTable(change: PendingChange, locale: CardLocale): HTMLTableElement {
  const rows = recordRows(change.before, change.after, change.changed, (field, value) =>
    shownValue(field, value, locale),
  );
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'Field'),
    h('th', { scope: 'col' }, change.before ? 'Before' : 'Before (none)'),
    h('th', { scope: 'col' }, change.after ? 'After' : 'After (deleted)'),
  );
  const body = rows.map((row) =>
    h(
      'tr',
      { class: row.changed ? 'changed' : undefined, 'data-field': row.field },
      h('th', { scope: 'row' }, fieldLabel(row.field)),
      h('td', { class: row.before === undefined ? 'none' : undefined }, row.before ?? NO_VALUE),
      h('td', { class: row.after === undefined ? 'none' : undefined }, row.after ?? NO_VALUE),
    ),
  );
  // A missing side only ever shows dashes: it gets a narrow column, the record a wide one.
  const [before, after] = change.before && change.after ? [35, 35] : change.before ? [44, 30] : [30, 44];
  return h(
    'table',
    { class: 'record' },
    h('caption', {}, 'Record before and after (changed fields marked)'),
    h(
      'colgroup',
      {},
      h('col', { style: `width: ${100 - before - after}%` }),
      h('col', { style: `width: ${before}%` }),
      h('col', { style: `width: ${after}%` }),
    ),
    h('thead', {}, head),
    h('tbody', {}, ...body),
  );
}

/** Tells the model what the user decided and how it ended, for its next turn. */
async function tellModel(
  app: App,
  change: PendingChange,
  decision: Decision,
  result: { status?: string; error?: string },
): Promise<void> {
  if (!app.getHostCapabilities()?.updateModelContext) return;
  const decided = decision === 'approve' ? 'approved' : 'cancelled';
  const text =
    result.error !== undefined
      ? `The user ${decided} "${change.action}" in the approval card, and approve_change failed: ${result.error}`
      : `The user ${decided} "${change.action}" in the approval card; the result is ${result.status}.`;
  try {
    await app.updateModelContext({
      content: [{ type: 'text', text }],
      structuredContent: {
        approval: {
          action: change.action,
          business: change.business,
          kind: change.kind,
          id: change.id,
          decision,
          ...(result.error !== undefined ? { error: result.error } : { status: result.status }),
        },
      },
    });
  } catch {
    // The host may refuse context updates; the outcome is on the card either way.
  }
}

function showPending(
  app: App,
  root: HTMLElement,
  change: PendingChange,
  token: string | undefined,
  locale: CardLocale,
): void {
  const approve = h('button', { type: 'button', class: 'approve' }, 'Approve');
  const cancel = h('button', { type: 'button', class: 'cancel' }, 'Cancel');
  const status = outcome(
    token ? '' : 'This host did not pass the approval token to the card: approve or cancel in the chat.',
    token ? 'waiting' : 'failed',
  );
  approve.disabled = cancel.disabled = token === undefined;

  const decide = async (decision: Decision): Promise<void> => {
    if (token === undefined) return;
    approve.disabled = cancel.disabled = true;
    status.className = 'outcome waiting';
    status.textContent = decision === 'approve' ? 'Approving…' : 'Cancelling…';
    let result: ToolResult;
    try {
      result = await app.callServerTool({ name: APPROVE_TOOL, arguments: { approval: token, decision } });
    } catch (error) {
      // The decision never reached the server: the token is unused, so the user may try again.
      status.className = 'outcome failed';
      status.textContent = `The host did not pass the decision on (${error instanceof Error ? error.message : String(error)}). Try again.`;
      approve.disabled = cancel.disabled = false;
      return;
    }
    if (result.isError) {
      const message = errorMessage(result);
      status.className = 'outcome failed';
      status.textContent = `Not done: ${message}`;
      await tellModel(app, change, decision, { error: message });
      return;
    }
    const read = readResult(result);
    const settled = read.kind === 'done' ? read.status : 'done';
    status.className = 'outcome done';
    status.dataset.status = settled;
    status.textContent = statusText(settled);
    await tellModel(app, change, decision, { status: settled });
  };
  approve.addEventListener('click', () => void decide('approve'));
  cancel.addEventListener('click', () => void decide('cancel'));

  root.replaceChildren(
    h('h1', {}, 'Approval needed'),
    h('p', { class: 'action', 'data-testid': 'action' }, change.action),
    h(
      'div',
      { class: 'frame' },
      change.kind === STATEMENT_LINES_KIND
        ? statementLinesTable(change, locale)
        : recordTable(change, locale),
    ),
    h('div', { class: 'buttons' }, approve, cancel),
    status,
  );
}

function main(): void {
  const root = document.getElementById('card');
  if (!root) return;
  const app = createCardApp('acctkit-approval');
  let shown = false;
  app.addEventListener('toolresult', (result) => {
    // Later results (a host may echo the card's own call) must not replace a decision under way.
    if (shown) return;
    shown = true;
    const read = readResult(result);
    if (read.kind === 'pending') showPending(app, root, read.change, read.token, cardLocaleOf(result));
    else if (read.kind === 'done') root.replaceChildren(outcome(statusText(read.status), 'done'));
    else root.replaceChildren(outcome(`Not done: ${read.message}`, 'failed'));
  });
  app.addEventListener('toolcancelled', ({ reason }) => {
    if (shown) return;
    shown = true;
    root.replaceChildren(outcome(`The tool call was cancelled${reason ? `: ${reason}` : ''}.`, 'failed'));
  });
  connectCard(app).catch((error: unknown) => showConnectionFailure(root, error));
}

main();
