// Builds the MCP Apps cards into self-contained HTML documents (the card's code with the ext-apps
// `App` bundled in, and its CSS, all inline) and writes them to generated/cards-html.ts, which the
// server imports. Run by the package's `build`; test/apps-cards-generated.node.test.ts fails when
// the committed module differs from what this produces.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, transform } from 'esbuild';

/** A card to build: its entry module and stylesheet under view/, and the document's title. */
interface CardSource {
  readonly constant: string;
  readonly entry: string;
  readonly css: string;
  readonly title: string;
}

const CARDS: readonly CardSource[] = [
  { constant: 'APPROVAL_CARD_HTML', entry: 'approval.ts', css: 'approval.css', title: 'Approve a change' },
  {
    constant: 'TOTALS_CHART_CARD_HTML',
    entry: 'totals-chart.ts',
    css: 'totals-chart.css',
    title: 'Totals of expenses and incomes',
  },
  {
    constant: 'RECONCILIATION_CARD_HTML',
    entry: 'reconciliation.ts',
    css: 'reconciliation.css',
    title: 'Bank statement reconciliation',
  },
];

const VIEW_DIR = fileURLToPath(new URL('./view/', import.meta.url));
const OUTPUT = fileURLToPath(new URL('./generated/cards-html.ts', import.meta.url));

/**
 * The card's own policy, on top of whatever the host sets: inline code and styles only, no
 * requests of any kind, no plugins, no forms, no base URL.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; " +
  "base-uri 'none'; form-action 'none'; object-src 'none'";

/**
 * zod (which ext-apps validates messages with) re-exports every locale from its namespace object, so
 * a bundle would carry about 260 kB of error messages in 40 languages that nothing in a card uses.
 * This keeps English, which zod sets up by default, and drops the rest.
 */
const englishZodOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: resolve(args.resolveDir, args.path), namespace: 'zod-locales' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK packages declare no `sideEffects`, so esbuild keeps every module they import whole:
 * `Protocol`, which the ext-apps `App` extends, would bring the client's OAuth helpers and JSON Schema
 * validators (about 70 kB) along. Their modules only define classes, functions and schemas, so this
 * marks them free of side effects and lets esbuild drop what the card never reaches. The Chromium host
 * test (test/apps-cards.node.test.ts) shows the cards still connect and render.
 */
const SDK_PACKAGE = /[\\/]@modelcontextprotocol[\\/](client|core)[\\/]/;
const sdkWithoutSideEffects: Plugin = {
  name: 'mcp-sdk-without-side-effects',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === SDK_PACKAGE || args.kind === 'entry-point') return undefined;
      if (!SDK_PACKAGE.test(args.importer) && !args.path.startsWith('@modelcontextprotocol/'))
        return undefined;
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: SDK_PACKAGE,
      });
      if (resolved.errors.length > 0 || !SDK_PACKAGE.test(resolved.path)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

async function cardScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(VIEW_DIR, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    plugins: [englishZodOnly, sdkWithoutSideEffects],
    logLevel: 'warning',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  // `</script` would end the inline script early; `<\/script` means the same inside JS strings.
  const script = file.text.trim().replace(/<\/(script)/gi, '<\\/$1');
  if (script.includes('<!--'))
    throw new Error(`${entry}: the bundle contains "<!--", unsafe in an inline script`);
  return script;
}

async function cardStyle(css: string): Promise<string> {
  const source =
    (await readFile(resolve(VIEW_DIR, 'card.css'), 'utf8')) +
    (await readFile(resolve(VIEW_DIR, css), 'utf8'));
  const { code } = await transform(source, { loader: 'css', minify: true, legalComments: 'none' });
  if (/<\/style/i.test(code)) throw new Error(`${css}: the stylesheet contains "</style"`);
  return code.trim();
}

/**
 * One card as a complete HTML document.
 *
 * @param card - the card's sources.
 */
async function cardHtml(card: CardSource): Promise<string> {
  const [script, style] = await Promise.all([cardScript(card.entry), cardStyle(card.css)]);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${card.title}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<main id="card" aria-live="polite"><p class="muted">Waiting for the result…</p></main>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The most a card's HTML (what a host downloads with `resources/read`) may weigh, in bytes, raw and
 * gzipped: about 10 % over the cards of today (344 kB, 94 kB gzipped), so that growth past it is
 * looked at rather than shipped. The build fails past it; test/apps-card-size.node.test.ts and
 * bench/mcp.bench.ts read it from here.
 */
export const CARD_BUDGET: { readonly raw: number; readonly gzip: number } = { raw: 380_000, gzip: 105_000 };

function withinBudget(card: CardSource, html: string): void {
  const raw = Buffer.byteLength(html);
  const gzip = gzipSync(html).length;
  if (raw > CARD_BUDGET.raw || gzip > CARD_BUDGET.gzip)
    throw new Error(
      `${card.entry}: the card is ${raw} bytes (${gzip} gzipped), over its budget of ${CARD_BUDGET.raw} (${CARD_BUDGET.gzip}); see what grew with esbuild's metafile before raising it`,
    );
}

/**
 * The source of generated/cards-html.ts: every card's HTML as a string constant.
 */
export async function cardsModuleSource(): Promise<string> {
  const documents = await Promise.all(CARDS.map(cardHtml));
  for (const [index, card] of CARDS.entries()) withinBudget(card, documents[index] as string);
  const constants = CARDS.map(
    (card, index) =>
      `/** The ${card.title.toLowerCase()} card, a complete HTML document. */\n` +
      `export const ${card.constant}: string = ${JSON.stringify(documents[index])};\n`,
  );
  return [
    '// Generated from src/apps/view/ by src/apps/generate-cards.ts; do not edit.',
    '// Regenerate: pnpm --filter @acctkit/mcp-server build (test/apps-cards-generated.node.test.ts fails on drift).',
    '',
    constants.join('\n'),
  ].join('\n');
}

/**
 * Writes generated/cards-html.ts; returns whether it changed.
 */
export async function writeCardsModule(): Promise<boolean> {
  const source = await cardsModuleSource();
  const current = await readFile(OUTPUT, 'utf8').catch(() => '');
  if (current === source) return false;
  await writeFile(OUTPUT, source);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const changed = await writeCardsModule();
  process.stdout.write(`${changed ? 'wrote' : 'unchanged:'} ${OUTPUT}\n`);
}
