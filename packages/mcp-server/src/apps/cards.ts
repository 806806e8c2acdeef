// The MCP Apps cards of the server: their `ui://` resources, their HTML, and the `_meta` that links a
// tool or a resource to them. Hosts that render MCP Apps show a card in place of a tool's plain
// result; every other client keeps getting the result alone.
//
// The names below are those of the MCP Apps spec as @modelcontextprotocol/ext-apps defines them
// (test/apps-meta.node.test.ts holds them to its constants, schemas and helpers). ext-apps is only
// needed to build the cards: importing it here would make npm install its required peer, the MCP
// client SDK, with every install of this server.

/** The mime type of an MCP Apps HTML resource (ext-apps's `RESOURCE_MIME_TYPE`). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The key of the MCP Apps extension in a client's `capabilities.extensions` (ext-apps's `EXTENSION_ID`). */
const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/** The approval card: a change that waits for the user, with Approve and Cancel. */
export const APPROVAL_CARD_URI = 'ui://acctkit/approval.html';

/** The chart card of `summarize_transactions`: gross expenses and incomes per group, and the totals. */
export const CHART_CARD_URI = 'ui://acctkit/totals-chart.html';

/** The card of `reconcile_statement`: each line with its status, match or proposal, and the balance check. */
export const RECONCILIATION_CARD_URI = 'ui://acctkit/reconciliation.html';

/** The URI of one of the server's cards. */
export type CardUri = typeof APPROVAL_CARD_URI | typeof CHART_CARD_URI | typeof RECONCILIATION_CARD_URI;

/** Who may call a tool, in MCP Apps terms: the model, the card (`app`), or both (the default). */
export type ToolVisibility = 'model' | 'app';

/** The `_meta` of a tool whose results a card shows, or of a tool only a card calls. */
export interface AppToolMeta {
  readonly ui: { readonly resourceUri?: CardUri; readonly visibility?: readonly ToolVisibility[] };
}

/** The `_meta` of a card's resource (listing and `resources/read` content). */
export interface AppResourceMeta {
  readonly ui: {
    /** No domains: a card makes no requests, so the host's most restrictive policy fits. */
    readonly csp: Readonly<Record<string, never>>;
    readonly prefersBorder: boolean;
  };
}

/**
 * The approval card as a complete, self-contained HTML document (script and styles inline; it loads
 * nothing).
 */
export async function approvalCardHtml(): Promise<string> {
  return (await cardsHtml()).APPROVAL_CARD_HTML;
}

/**
 * The chart card of `summarize_transactions` as a complete, self-contained HTML document.
 */
export async function chartCardHtml(): Promise<string> {
  return (await cardsHtml()).TOTALS_CHART_CARD_HTML;
}

/**
 * The reconciliation card of `reconcile_statement` as a complete, self-contained HTML document.
 */
export async function reconciliationCardHtml(): Promise<string> {
  return (await cardsHtml()).RECONCILIATION_CARD_HTML;
}

/**
 * The generated HTML (about 345 kB a card), loaded when a host first reads a card rather than when the
 * server starts: most clients never do. `#cards-html` is the package's own import (`package.json`
 * `imports`): the compiled module in dist, which the stdio bundle loads rather than copies and the
 * Worker bundle embeds, so the package holds each card once.
 */
function cardsHtml(): Promise<typeof import('#cards-html')> {
  return import('#cards-html');
}

/**
 * Whether a client renders MCP Apps: its `initialize` capabilities declare the UI extension
 * (`extensions["io.modelcontextprotocol/ui"]`) with the MCP Apps HTML mime type.
 *
 * @param capabilities - the client's capabilities from `initialize`, as received.
 */
export function clientRendersApps(capabilities: unknown): boolean {
  const extensions = field(capabilities, 'extensions');
  const mimeTypes = field(field(extensions, UI_EXTENSION), 'mimeTypes');
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME_TYPE);
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The `_meta` of a tool whose results a card shows: `ui.resourceUri`. Not the deprecated flat
 * `ui/resourceUri` key beside it: a host that declares the UI extension reads `_meta.ui` (DECISIONS
 * MC36), and the copy cost every tool with a card its tokens in `tools/list`.
 *
 * @param resourceUri - the card: {@link APPROVAL_CARD_URI}, {@link CHART_CARD_URI} or
 *   {@link RECONCILIATION_CARD_URI}.
 */
export function appToolMeta(resourceUri: CardUri): AppToolMeta {
  return { ui: { resourceUri } };
}

/**
 * The `_meta` of a tool that only the cards call (`visibility: ["app"]`): hosts keep it out of the
 * model's tools, and it shows no card of its own.
 */
export function appOnlyToolMeta(): AppToolMeta {
  return { ui: { visibility: ['app'] } };
}

/**
 * The `_meta` of a card's resource, in `resources/list` and on the `resources/read` content: no CSP
 * domains (the card makes no requests) and a host-drawn border.
 */
export function appResourceMeta(): AppResourceMeta {
  return { ui: { csp: {}, prefersBorder: true } };
}
