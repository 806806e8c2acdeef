import type { StoredConnection } from '@acctkit/client/node';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { connectionStore } from '../connection-store.js';
import { didYouMean } from '../did-you-mean.js';
import { writeJson } from '../output.js';
import { terminalText } from '../terminal-text.js';

/** `acctkit connections`: list, remove and rename stored connections. */
export const connections: Command = {
  name: 'connections',
  summary: 'list, remove or rename stored connections',
  usage: ['connections [list] [--json]', 'connections remove NAME', 'connections rename OLD NEW'],
  description: [
    'list (the default) shows each connection’s name, country, business, scope and when its access token expires (it is refreshed on the next request). It never shows a token or a secret, with --json neither.',
    'remove forgets a connection locally (the grant stays valid at the service until it is revoked there); rename changes the name requests use.',
  ],
  options: {
    json: {
      type: 'boolean',
      description:
        'list as a JSON array (name, baseUrl, country, variant, businessId, businessName, scope, expiresAt, createdAt).',
    },
  },
  environment: {
    ACCTKIT_CONNECTIONS_FILE: 'connection file (default $XDG_CONFIG_HOME/acctkit/connections.json)',
  },
  examples: [
    'acctkit connections',
    'acctkit connections rename sandbox-de-1 demo',
    'acctkit connections remove demo',
  ],
  async run(args, io) {
    const [action = 'list', ...rest] = args.positionals;
    const store = connectionStore(io);
    const expect = (names: string[]): void => {
      if (rest.length !== names.length)
        throw new CliError('USAGE', `connections ${action} takes ${names.join(' ') || 'no argument'}.`);
    };
    switch (action) {
      case 'list': {
        expect([]);
        const all = await store.list();
        if (args.values.json === true) writeJson(io.stdout, all.map(summary));
        else if (all.length === 0)
          io.stderr.write('No connections yet: run `acctkit login` (or `acctkit login --sandbox`).\n');
        else io.stdout.write(table(all));
        return 0;
      }
      case 'remove': {
        expect(['NAME']);
        const name = rest[0] as string;
        if (!(await store.remove(name)))
          throw new CliError('CONNECTION', `There is no connection named '${name}'.`);
        io.stderr.write(`Removed '${name}'.\n`);
        return 0;
      }
      case 'rename': {
        expect(['OLD', 'NEW']);
        await store.rename(rest[0] as string, rest[1] as string);
        io.stderr.write(`Renamed '${rest[0]}' to '${rest[1]}'.\n`);
        return 0;
      }
      default: {
        const suggestion = didYouMean(action, ['list', 'remove', 'rename']);
        throw new CliError(
          'USAGE',
          `Unknown action '${action.slice(0, 20)}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''} The actions are list, remove and rename.`,
        );
      }
    }
  },
};

/** What `--json` shows of a connection: everything but the tokens, plus their expiry. */
function summary(c: StoredConnection): Record<string, unknown> {
  return {
    name: c.name,
    baseUrl: c.baseUrl,
    country: c.country,
    variant: c.variant,
    businessId: c.businessId,
    businessName: c.businessName,
    scope: c.scope,
    expiresAt: new Date(c.tokens.expiresAt).toISOString(),
    createdAt: c.createdAt,
  };
}

function table(all: readonly StoredConnection[]): string {
  const now = Date.now();
  const rows = [
    ['NAME', 'COUNTRY', 'BUSINESS', 'SCOPE', 'EXPIRES'],
    ...all.map((c) =>
      [
        c.name,
        c.country,
        `${c.businessName} (${c.businessId})`,
        c.scope,
        c.tokens.expiresAt <= now
          ? 'expired (refreshed on next use)'
          : new Date(c.tokens.expiresAt).toISOString().replace(/\.\d+Z$/, 'Z'),
      ].map((cell) => terminalText(cell, { oneLine: true })),
    ),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? [];
  return `${rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')).join('\n')}\n`;
}
