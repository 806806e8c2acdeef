import type { McpServer, ReadResourceResult } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import {
  APP_MIME_TYPE,
  APPROVAL_CARD_URI,
  appResourceMeta,
  approvalCardHtml,
  CHART_CARD_URI,
  chartCardHtml,
  RECONCILIATION_CARD_URI,
  reconciliationCardHtml,
} from './apps/cards.js';
import type { BusinessConnection } from './business-connection.js';
import { businessProfileOf } from './business-profile-of.js';
import { RECORD_KINDS, type RecordKind, recordUriTemplate } from './record-kinds.js';
import { normalizeRecord } from './records.js';
import { serviceCall, settleAll } from './service-call.js';
import { ToolFailure } from './tool-failure.js';
import { REFERENCE_KINDS, type ReferenceKind, referenceItems } from './tools/reference-tools.js';

/** How many entries the journal resource shows (the newest). */
const JOURNAL_PAGE = 200;

/** JSON-RPC error of a resource that does not exist (MCP's "resource not found"). */
const RESOURCE_NOT_FOUND = -32002;

function one(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function json(uri: URL, value: unknown): ReadResourceResult {
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] };
}

/** Runs a read; tool failures become JSON-RPC errors with the same message (never a secret). */
async function read(work: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    if (error instanceof ToolFailure)
      throw new ProtocolError(
        error.body.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : ProtocolErrorCode.InternalError,
        error.body.message,
        { code: error.body.code },
      );
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'Reading the resource failed. Try again.');
  }
}

/**
 * Registers the resources of every business: `acctkit://{business}/reference/{kind}`,
 * `acctkit://{business}/profile` (business and financial settings) and the template of each record
 * kind (`acctkit://{business}/contacts/{id}`), with completion of business and kind, and the change
 * journal of each business that keeps one (`acctkit://{business}/journal`).
 */
export function registerResources(
  mcp: McpServer,
  connections: readonly BusinessConnection[],
  kinds: readonly RecordKind[] = RECORD_KINDS,
): void {
  const find = (name: string): BusinessConnection => {
    const connection = connections.find((c) => c.name === name);
    if (!connection)
      throw new ProtocolError(
        RESOURCE_NOT_FOUND,
        `No business '${name.slice(0, 40)}'. Businesses: ${connections.map((c) => c.name).join(', ')}.`,
      );
    return connection;
  };
  const business = (value: string): string[] =>
    connections.map((c) => c.name).filter((name) => name.startsWith(value));

  mcp.registerResource(
    'reference',
    new ResourceTemplate('acctkit://{business}/reference/{kind}', {
      list: async () => ({
        resources: connections.flatMap((c) =>
          REFERENCE_KINDS.map((kind) => ({
            uri: `acctkit://${c.name}/reference/${kind}`,
            name: `${c.name} ${kind}`,
            mimeType: 'application/json',
          })),
        ),
      }),
      complete: { business, kind: (value) => REFERENCE_KINDS.filter((kind) => kind.startsWith(value)) },
    }),
    {
      title: 'Reference data',
      description:
        'A reference list of a business (account_types, contact_types, countries, expense_types, …).',
      mimeType: 'application/json',
      // Reference lists change a few times a year: clients on 2026-07-28 may keep them for an hour.
      cacheHint: { ttlMs: 60 * 60 * 1000 },
    },
    (uri, variables, ctx) =>
      read(async () => {
        const connection = find(one(variables.business));
        const kind = one(variables.kind) as ReferenceKind;
        if (!REFERENCE_KINDS.includes(kind))
          throw new ProtocolError(
            RESOURCE_NOT_FOUND,
            `No reference list '${kind.slice(0, 40)}': ${REFERENCE_KINDS.join(', ')}.`,
          );
        const items = await referenceItems(connection, kind, ctx.mcpReq.signal);
        return json(uri, { items: items.map(normalizeRecord) });
      }),
  );

  mcp.registerResource(
    'profile',
    new ResourceTemplate('acctkit://{business}/profile', {
      list: async () => ({
        resources: await Promise.all(
          connections.map(async (c) => ({
            uri: `acctkit://${c.name}/profile`,
            // A list does not fail for a display name: reading the resource reports what went wrong.
            name: await businessProfileOf(c).then(
              (p) => `${p.businessName} (${c.name})`,
              () => c.name,
            ),
            mimeType: 'application/json',
          })),
        ),
      }),
      complete: { business },
    }),
    {
      title: 'Business profile',
      description: 'The business (name, address, country) and its financial settings.',
      mimeType: 'application/json',
    },
    (uri, variables, ctx) =>
      read(async () => {
        const connection = find(one(variables.business));
        const [profile, settings] = await settleAll([
          serviceCall(connection, 'GET', '/core/v2/business', { signal: ctx.mcpReq.signal }),
          serviceCall(connection, 'GET', '/accounts/v2/financial_settings', { signal: ctx.mcpReq.signal }),
        ]);
        return json(uri, {
          name: connection.name,
          variant: connection.variant,
          business: normalizeRecord(profile),
          financial_settings: normalizeRecord(settings),
        });
      }),
  );

  const journaled = connections.filter((c) => c.journal !== undefined);
  if (journaled.length > 0)
    mcp.registerResource(
      'journal',
      new ResourceTemplate('acctkit://{business}/journal', {
        list: async () => ({
          resources: journaled.map((c) => ({
            uri: `acctkit://${c.name}/journal`,
            name: `${c.name} journal`,
            mimeType: 'application/json',
          })),
        }),
        complete: { business: (value) => business(value).filter((name) => find(name).journal) },
      }),
      {
        title: 'Change journal',
        description: `The latest ${JOURNAL_PAGE} creates, updates and deletes made through this server, newest first: when, which client, which tool and record, the fields before and after, the service's status.`,
        mimeType: 'application/json',
      },
      (uri, variables) =>
        read(async () => {
          const connection = find(one(variables.business));
          if (!connection.journal)
            throw new ProtocolError(RESOURCE_NOT_FOUND, `Business '${connection.name}' keeps no journal.`);
          const page = await connection.journal.list({ limit: JOURNAL_PAGE });
          return json(uri, { business: connection.name, ...page });
        }),
    );

  for (const kind of kinds) {
    mcp.registerResource(
      kind.singular,
      new ResourceTemplate(recordUriTemplate(kind), { list: undefined, complete: { business } }),
      {
        title: `${kind.singular.charAt(0).toUpperCase()}${kind.singular.slice(1)}`,
        description: `One ${kind.singular} by id (the tools link to these).`,
        mimeType: 'application/json',
      },
      (uri, variables, ctx) =>
        read(async () => {
          const connection = find(one(variables.business));
          const id = Number(one(variables.id));
          if (!Number.isInteger(id) || id < 1)
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'The id must be a positive integer.');
          const record = await serviceCall(connection, 'GET', `${kind.path}/{id}`, {
            params: { path: { id } },
            signal: ctx.mcpReq.signal,
          });
          return json(uri, normalizeRecord(record));
        }),
    );
  }
}

/** The MCP Apps cards as resources (`ui://acctkit/…`), for clients that render them. */
export function registerCards(mcp: McpServer): void {
  const cards = [
    { name: 'approval-card', uri: APPROVAL_CARD_URI, title: 'Approval card', html: approvalCardHtml },
    { name: 'totals-chart-card', uri: CHART_CARD_URI, title: 'Totals chart card', html: chartCardHtml },
    {
      name: 'reconciliation-card',
      uri: RECONCILIATION_CARD_URI,
      title: 'Reconciliation card',
      html: reconciliationCardHtml,
    },
  ];
  for (const card of cards)
    mcp.registerResource(
      card.name,
      card.uri,
      { title: card.title, mimeType: APP_MIME_TYPE, _meta: { ...appResourceMeta() } },
      async (uri) => ({
        contents: [
          {
            uri: uri.href,
            mimeType: APP_MIME_TYPE,
            text: await card.html(),
            _meta: { ...appResourceMeta() },
          },
        ],
      }),
    );
}
