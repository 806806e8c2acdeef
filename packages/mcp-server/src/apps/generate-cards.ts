// Builds the MCP Apps cards into self-contained HTML documents (the card's code with the ext-apps
// `App` bundled in, and its CSS, all inline) and writes them to generated/cards-html.ts, which the
// server imports. Run by the package's `build`; test/apps-cards-generated.node.test.ts fails when
// the committed module differs from what this produces.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
    plugins: [englishZodOnly],
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
 * The source of generated/cards-html.ts: every card's HTML as a string constant.
 */
export async function cardsModuleSource(): Promise<string> {
  const documents = await Promise.all(CARDS.map(cardHtml));
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
