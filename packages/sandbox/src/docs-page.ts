import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Hono } from 'hono';
import { escapeHtml, page } from './authorize-text.js';
import type { SandboxEnv } from './sandbox-env.js';
import type { Variant } from './variant.js';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name?: string; in?: string; required?: boolean; description?: string; $ref?: string }[];
  responses?: Record<string, { description?: string }>;
}
type Doc = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    parameters?: Record<string, Operation['parameters'] extends (infer P)[] | undefined ? P : never>;
  };
};

const require = createRequire(import.meta.url);
const docs = new Map<Variant, { text: string; doc: Doc }>();

function load(variant: Variant): { text: string; doc: Doc } {
  let d = docs.get(variant);
  if (!d) {
    const text = readFileSync(require.resolve(`@acctkit/openapi/${variant}.json`), 'utf8');
    d = { text, doc: JSON.parse(text) as Doc };
    docs.set(variant, d);
  }
  return d;
}

function render(variant: Variant): string {
  const { doc } = load(variant);
  const ops: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? [])
        .map((p) => (p.$ref ? doc.components.parameters?.[p.$ref.split('/').pop() as string] : p))
        .filter((p) => p !== undefined)
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name ?? '')}</code> (${escapeHtml(p.in ?? '')}${p.required ? ', required' : ''}) ${escapeHtml(p.description ?? '')}</li>`,
        )
        .join('');
      const responses = Object.entries(op.responses ?? {})
        .map(([s, r]) => `<li><strong>${escapeHtml(s)}</strong> ${escapeHtml(r.description ?? '')}</li>`)
        .join('');
      ops.push(`<details id="${escapeHtml(op.operationId ?? '')}"><summary><code>${method.toUpperCase()} ${escapeHtml(path)}</code> — ${escapeHtml(op.summary ?? '')} <small>(${escapeHtml(op.operationId ?? '')})</small></summary>
<p>${escapeHtml(op.description ?? '')}</p>${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ''}<h3>Responses</h3><ul>${responses}</ul></details>`);
    }
  const other = variant === 'de' ? 'pt' : 'de';
  return page(
    'en',
    `${doc.info.title} (${variant})`,
    `<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}, variant ${variant}</small></h1>
<p><a href="/docs?variant=${other}">Switch to variant ${other}</a> · <a href="/docs/${variant}.json">OpenAPI document (${variant}.json)</a></p>
<input type="search" aria-label="Filter operations" placeholder="Filter operations" oninput="for(const d of document.querySelectorAll('details'))d.hidden=!d.textContent.toLowerCase().includes(this.value.toLowerCase())">
${ops.join('\n')}`,
  ).replace('<main>', '<main style="max-width:60rem">');
}

/** `GET /docs`: an API reference rendered from the bundled spec, served locally (no CDN); `/docs/<variant>.json` serves the document. */
export function docsRoutes(app: Hono<SandboxEnv>): void {
  app.get('/docs', (c) => {
    const variant: Variant = c.req.query('variant') === 'pt' ? 'pt' : 'de';
    return c.html(render(variant), 200, {
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
    });
  });
  app.get('/docs/:file{(de|pt)\\.json}', (c) => {
    const variant = c.req.param('file').slice(0, 2) as Variant;
    return c.body(load(variant).text, 200, { 'Content-Type': 'application/json' });
  });
  app.get('/', (c) => c.redirect('/docs', 302));
}
