/**
 * The `manifest.json` of the MCP Bundle of `acctkit-mcp` (manifest_version 0.3 of `@anthropic-ai/mcpb`),
 * built from what it describes so that it cannot drift: the tool list from `listTools()` of
 * `@acctkit/mcp-server` and the version and Node range from its package.json; the variables set are
 * the ones its connection loader reads (tools/test/mcpb-bundle.test.ts holds them to `ENV_VARIABLES` of
 * `@acctkit/mcp-server/node`).
 *
 * How a host starts the bundle: `node ${__dirname}/server/index.js` (the launcher, ./bundle-launcher.js)
 * with the two switches as `--read-only=true|false` and `--sandbox=true|false`, which the launcher turns
 * into acctkit-mcp's flags, and every other setting as the `ACCTKIT_*` variable the server reads.
 */
import type { ToolSummary } from '@acctkit/mcp-server';

/** What the manifest is made from. */
export interface BundleManifestInput {
  /** `@acctkit/mcp-server`'s version (the bundle's version). */
  readonly version: string;
  /** Its package.json `engines.node`. */
  readonly nodeRange: string;
  /** Its catalogue, as `listTools()` returns it. */
  readonly tools: readonly Pick<ToolSummary, 'name' | 'description'>[];
}

/** One field of `user_config`, as manifest_version 0.3 describes it. */
export interface UserConfigField {
  readonly type: 'string' | 'boolean' | 'number' | 'directory' | 'file';
  readonly title: string;
  readonly description: string;
  readonly required: boolean;
  readonly sensitive?: boolean;
  /**
   * Every field has a default: a host substitutes `${user_config.x}` only for fields with a value, and
   * leaves the text itself in place for an unset one without a default.
   */
  readonly default: string | boolean;
}

/**
 * The settings a user fills in when installing the bundle, with the variable or switch each one sets.
 * Strings map to the `ACCTKIT_*` variable of the server; the two booleans are switches.
 */
export const USER_CONFIG: Readonly<Record<string, UserConfigField & { readonly sets: string }>> = {
  connections_file: {
    type: 'file',
    title: 'Stored connections file',
    description:
      'Stored-connection mode: the connections file that `acctkit login` wrote. Leave empty for its default place ($XDG_CONFIG_HOME/acctkit/connections.json).',
    required: false,
    default: '',
    sets: 'ACCTKIT_CONNECTIONS_FILE',
  },
  connections: {
    type: 'string',
    title: 'Connection names',
    description:
      'Stored-connection mode: serve only these connections of `acctkit login` (names, comma-separated, as `acctkit connections` lists them). Leave empty to serve all.',
    required: false,
    default: '',
    sets: 'ACCTKIT_CONNECTIONS',
  },
  base_url: {
    type: 'string',
    title: 'Service URL',
    description:
      'Environment mode (one business without `acctkit login`): the base URL of the accounting service.',
    required: false,
    default: '',
    sets: 'ACCTKIT_BASE_URL',
  },
  country: {
    type: 'string',
    title: 'Variant',
    description: 'Environment mode: the regional variant of the business, de or pt.',
    required: false,
    default: '',
    sets: 'ACCTKIT_COUNTRY',
  },
  client_id: {
    type: 'string',
    title: 'Client id',
    description: "Environment mode: your app's client id (needed with a refresh token).",
    required: false,
    sensitive: true,
    default: '',
    sets: 'ACCTKIT_CLIENT_ID',
  },
  client_secret: {
    type: 'string',
    title: 'Client secret',
    description:
      "Your app's client secret (environment mode with a refresh token; stored connections of your own app).",
    required: false,
    sensitive: true,
    default: '',
    sets: 'ACCTKIT_CLIENT_SECRET',
  },
  signing_secret: {
    type: 'string',
    title: 'Signing secret',
    description: "Your app's request-signing secret (environment mode; stored connections of your own app).",
    required: false,
    sensitive: true,
    default: '',
    sets: 'ACCTKIT_SIGNING_SECRET',
  },
  access_token: {
    type: 'string',
    title: 'Access token',
    description: 'Environment mode: an access token of the business (or give a refresh token).',
    required: false,
    sensitive: true,
    default: '',
    sets: 'ACCTKIT_ACCESS_TOKEN',
  },
  refresh_token: {
    type: 'string',
    title: 'Refresh token',
    description:
      'Environment mode: a refresh token of the business; with the client id and secret, tokens are renewed as they expire.',
    required: false,
    sensitive: true,
    default: '',
    sets: 'ACCTKIT_REFRESH_TOKEN',
  },
  read_only: {
    type: 'boolean',
    title: 'Read-only',
    description: 'Leave every tool that writes out of the catalogue (--read-only).',
    required: false,
    default: false,
    sets: '--read-only',
  },
  sandbox: {
    type: 'boolean',
    title: 'Demo sandbox',
    description:
      'Serve the two demo businesses of the sandbox instead of yours (--sandbox). Needs @acctkit/sandbox and its native SQLite module, which this bundle leaves out: use `npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox` as the command instead.',
    required: false,
    default: false,
    sets: '--sandbox',
  },
};

/** The switches of {@link USER_CONFIG}: the flag each boolean field turns on. */
export const BUNDLE_SWITCHES: readonly string[] = Object.values(USER_CONFIG)
  .filter((field) => field.type === 'boolean')
  .map((field) => field.sets);

/** The server's `ACCTKIT_*` variables that {@link USER_CONFIG} sets. */
export function bundleEnvVariables(): string[] {
  return Object.values(USER_CONFIG)
    .map((field) => field.sets)
    .filter((name) => name.startsWith('ACCTKIT_'));
}

const REPOSITORY = 'https://github.com/acctkit/acctkit';

/**
 * The bundle's manifest.
 *
 * @param input - Version, Node range and tools of `@acctkit/mcp-server`.
 * @returns The manifest, ready for `JSON.stringify`.
 */
export function bundleManifest(input: BundleManifestInput): Record<string, unknown> {
  const env: Record<string, string> = {};
  // biome-ignore lint/suspicious/noTemplateCurlyInString: mcpb's placeholder, which the host fills in.
  const args = ['${__dirname}/server/index.js'];
  const userConfig: Record<string, UserConfigField> = {};
  for (const [key, { sets, ...field }] of Object.entries(USER_CONFIG)) {
    userConfig[key] = field;
    if (sets.startsWith('--')) args.push(`${sets}=\${user_config.${key}}`);
    else env[sets] = `\${user_config.${key}}`;
  }
  return {
    manifest_version: '0.3',
    name: 'acctkit-mcp',
    display_name: 'acctkit: accounting service',
    version: input.version,
    description:
      "Read and keep a small business's books in the accounting service: contacts, expenses, incomes, bank accounts and totals.",
    long_description:
      'The acctkit MCP server (`@acctkit/mcp-server`) as a bundle. It serves the businesses you connected with `acctkit login` (the acctkit CLI), or one business given by its credentials below. Deletes and amount changes ask you first; every change is journaled and can be undone; the read-only switch leaves every write tool out.',
    author: { name: 'acctkit contributors', url: REPOSITORY },
    repository: { type: 'git', url: REPOSITORY },
    homepage: `${REPOSITORY}/tree/main/packages/mcp-server`,
    documentation: `${REPOSITORY}/tree/main/packages/mcp-server#readme`,
    support: `${REPOSITORY}/issues`,
    license: 'MIT',
    keywords: ['accounting', 'bookkeeping', 'invoices', 'expenses', 'mcp'],
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: { command: 'node', args, env },
    },
    tools: input.tools.map(({ name, description }) => ({ name, description })),
    // Prompts are served (prompts/list); they take arguments, which the manifest's prompt entries cannot.
    prompts_generated: true,
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: input.nodeRange },
    },
    user_config: userConfig,
  };
}
