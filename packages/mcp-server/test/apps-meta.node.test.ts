// The cards' resources and tool `_meta` against ext-apps's own definitions: its zod schemas of
// `_meta.ui`, the `_meta` its `registerAppTool` writes, the mime type its `registerAppResource`
// sets, the host-side readers a host uses (`getToolUiResourceUri`, visibility), its capability
// helper, and the checks its basic host makes on a `resources/read` answer.
import {
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  isToolVisibilityModelOnly,
  McpUiResourceMetaSchema,
  McpUiToolMetaSchema,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  EXTENSION_ID,
  getUiCapability,
  RESOURCE_URI_META_KEY,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import {
  APP_MIME_TYPE,
  APPROVAL_CARD_URI,
  appOnlyToolMeta,
  appResourceMeta,
  approvalCardHtml,
  appToolMeta,
  CHART_CARD_URI,
  chartCardHtml,
  clientRendersApps,
  RECONCILIATION_CARD_URI,
  reconciliationCardHtml,
} from '../src/apps/cards.js';

const CARDS = [
  { uri: APPROVAL_CARD_URI, html: await approvalCardHtml() },
  { uri: CHART_CARD_URI, html: await chartCardHtml() },
  { uri: RECONCILIATION_CARD_URI, html: await reconciliationCardHtml() },
] as const;

/** What ext-apps's `registerAppTool` passes on to `registerTool` as the tool's `_meta`. */
function registeredToolMeta(meta: Record<string, unknown>): unknown {
  let registered: unknown;
  const server = {
    registerTool: (_name: string, config: { _meta?: unknown }) => {
      registered = config._meta;
      return undefined as never;
    },
  };
  registerAppTool(
    server as never,
    'tool',
    { description: 'A tool.', _meta: { ui: meta.ui as never } },
    (() => ({ content: [] })) as never,
  );
  return registered;
}

describe('MCP Apps metadata', () => {
  it('uses the mime type ext-apps defines and registers resources with', () => {
    expect(APP_MIME_TYPE).toBe('text/html;profile=mcp-app');
    expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    let config: { mimeType?: string } | undefined;
    const server = {
      registerResource: (_name: string, _uri: string, metadata: { mimeType?: string }) => {
        config = metadata;
        return undefined as never;
      },
    };
    registerAppResource(server as never, 'Approval', APPROVAL_CARD_URI, {}, async () => ({ contents: [] }));
    expect(config?.mimeType).toBe(APP_MIME_TYPE);
  });

  it("writes a tool's _meta.ui as ext-apps's registerAppTool does, without the deprecated flat key, and a host reads it back", () => {
    for (const uri of [APPROVAL_CARD_URI, CHART_CARD_URI, RECONCILIATION_CARD_URI] as const) {
      const meta = appToolMeta(uri);
      // registerAppTool adds the deprecated `ui/resourceUri` copy for hosts from before `_meta.ui`;
      // the server leaves it out (DECISIONS MC36) and writes `ui` as ext-apps does.
      const registered = registeredToolMeta({ ui: { resourceUri: uri } }) as Record<string, unknown>;
      expect(registered[RESOURCE_URI_META_KEY]).toBe(uri);
      expect(meta).toEqual({ ui: registered.ui });
      expect(Object.keys(meta)).toEqual(['ui']);
      expect(McpUiToolMetaSchema.parse(meta.ui)).toEqual({ resourceUri: uri });
      const tool = {
        name: 'summarize_transactions',
        inputSchema: { type: 'object' as const },
        _meta: { ...meta },
      };
      expect(getToolUiResourceUri(tool)).toBe(uri);
      expect(isToolVisibilityAppOnly(tool)).toBe(false);
      expect(isToolVisibilityModelOnly(tool)).toBe(false);
    }
    const appOnly = appOnlyToolMeta();
    expect(McpUiToolMetaSchema.parse(appOnly.ui)).toEqual({ visibility: ['app'] });
    const tool = { name: 'approve_change', inputSchema: { type: 'object' as const }, _meta: { ...appOnly } };
    expect(isToolVisibilityAppOnly(tool)).toBe(true);
    expect(getToolUiResourceUri(tool)).toBeUndefined();
  });

  it("writes a resource's _meta that ext-apps's schema accepts: no CSP domains, a border", () => {
    const meta = appResourceMeta();
    expect(McpUiResourceMetaSchema.parse(meta.ui)).toEqual({ csp: {}, prefersBorder: true });
  });

  it('knows a client that renders MCP Apps from its initialize capabilities, as getUiCapability reads them', () => {
    expect(EXTENSION_ID).toBe('io.modelcontextprotocol/ui');
    const apps = { extensions: { [EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } };
    expect(getUiCapability(apps)).toEqual({ mimeTypes: [APP_MIME_TYPE] });
    expect(clientRendersApps(apps)).toBe(true);
    expect(clientRendersApps({ ...apps, elicitation: {} })).toBe(true);
    expect(
      clientRendersApps({ extensions: { [EXTENSION_ID]: { mimeTypes: ['text/html', APP_MIME_TYPE] } } }),
    ).toBe(true);
    for (const capabilities of [
      undefined,
      null,
      'apps',
      {},
      { extensions: {} },
      { extensions: { 'io.modelcontextprotocol/ui': {} } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: 'text/html;profile=mcp-app' } } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } },
      { experimental: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } } },
    ]) {
      expect(clientRendersApps(capabilities)).toBe(false);
      // ext-apps's own reading of the same capabilities, as its docs check them.
      const ui =
        typeof capabilities === 'object' && capabilities !== null ? getUiCapability(capabilities) : undefined;
      expect(Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE)).toBe(false);
    }
  });
});

describe('card documents', () => {
  it.each(CARDS)('$uri is a ui:// resource whose text is a complete HTML5 document', ({ uri, html }) => {
    expect(uri.startsWith('ui://')).toBe(true);
    // The checks ext-apps's basic host makes on a resources/read answer, then the document itself.
    const content = { uri, mimeType: APP_MIME_TYPE, text: html, _meta: appResourceMeta() };
    expect(content.mimeType).toBe(RESOURCE_MIME_TYPE);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // The card's own policy, under whatever the host sets: nothing may be fetched.
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
  });

  it.each(CARDS)('$uri loads nothing: no external script, stylesheet, font, image or link', ({ html }) => {
    const markup = html.replace(/<script>[\s\S]*<\/script>/, '<script></script>');
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    // Booleans, so that a failure names the rule instead of printing 400 kB of HTML.
    expect(/\s(src|href|srcset|action)=/i.test(markup), 'an attribute that loads something').toBe(false);
    expect(/<(link|img|iframe|object|embed|base)\b/i.test(markup), 'an element that loads something').toBe(
      false,
    );
    expect(/@import|@font-face|url\(/i.test(style), 'a stylesheet rule that loads something').toBe(false);
  });

  it.each(CARDS)('$uri stays small enough to send with every resources/read', ({ html }) => {
    // The ext-apps App with the MCP client's Protocol and zod is most of it; the card's own code is
    // a few kB. A limit well above today's size catches a dependency that balloons.
    expect(Buffer.byteLength(html)).toBeLessThan(500_000);
  });
});
