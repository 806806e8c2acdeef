// The options of `npm start`, in plain JavaScript: tools/bootstrap.mjs reads them before anything is
// installed (to answer --help and a mistyped flag at once), and tools/src/start/start-options.ts
// reads them again to run the services. Types: start-args.d.mts.
import { parseArgs } from 'node:util';

/** The sandbox's port when `--port` is not given; every other service's port is counted from it. */
export const DEFAULT_BASE_PORT = 4010;

/**
 * Where each service listens: `--port` plus its offset, unless its own flag says otherwise. The
 * sandbox has no flag of its own: `--port` is its port.
 */
export const SERVICE_PORTS = [
  { key: 'sandbox', name: 'sandbox', offset: 0, flag: undefined },
  { key: 'mcp', name: 'MCP server', offset: 1, flag: '--mcp-port' },
  { key: 'remote', name: 'remote MCP server', offset: 2, flag: '--remote-port' },
  { key: 'proxy', name: 'signing proxy', offset: 10, flag: '--proxy-port' },
];

/** The option table: what parseArgs reads, and the help line of each option. */
const OPTIONS = {
  port: {
    type: 'string',
    value: 'N',
    help: `base port (default ${DEFAULT_BASE_PORT}): sandbox N, MCP N+1, remote N+2, proxy N+10; 0: free ports`,
  },
  'mcp-port': { type: 'string', value: 'N', help: 'port of the MCP server alone (default: --port + 1)' },
  'remote-port': {
    type: 'string',
    value: 'N',
    help: 'port of the remote MCP server alone (default: --port + 2)',
  },
  'proxy-port': {
    type: 'string',
    value: 'N',
    help: 'port of the signing proxy alone (default: --port + 10)',
  },
  host: {
    type: 'string',
    value: 'HOST',
    help: 'interface to bind (default 127.0.0.1); the MCP server stays on 127.0.0.1 (see below)',
  },
  data: {
    type: 'string',
    value: 'FILE',
    help: 'SQLite file (default .acctkit/sandbox.sqlite); data, and the proxy keys beside it, survive restarts',
  },
  memory: { type: 'boolean', help: 'keep everything in memory (fresh demo data every start)' },
  'admin-token': {
    type: 'string',
    value: 'T',
    help: 'bearer token of the admin APIs (/_sandbox/, /_proxy/) (default: a random one, printed)',
  },
  'rate-limit': {
    type: 'string',
    value: 'N',
    help: 'data requests per minute per business (default 200, 0 = off)',
  },
  help: { type: 'boolean', short: 'h', help: 'print this help' },
};

const optionLines = Object.entries(OPTIONS).map(([name, o]) => {
  const spelled = `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`;
  return `  ${spelled.padEnd(20)} ${o.help}`;
});

/** What `npm start -- --help` prints. */
export const START_HELP = `npm start: the local accounting service (sandbox) with demo data, and beside it the MCP server
(Streamable HTTP), the remote MCP server (OAuth) and the signing proxy

Usage: npm start -- [options]

${optionLines.join('\n')}

Ports: one --port moves every service. With the default base ${DEFAULT_BASE_PORT}:
${SERVICE_PORTS.map((s) => `  ${s.name.padEnd(18)} ${DEFAULT_BASE_PORT + s.offset}`).join('\n')}
When one of them is taken, pass another --port, or move that service alone with its own flag.

--host: a host other than loopback (e.g. 0.0.0.0) applies to the sandbox, the remote MCP server and
the signing proxy. The MCP server stays on 127.0.0.1, since it serves both demo businesses without
sign-in; from another machine, use the remote MCP server, which signs in through the sandbox.

Ctrl+C, or SIGINT, SIGTERM or SIGHUP to the npm start process alone, stops every service.
`;

/** Levenshtein distance, for "did you mean" on a mistyped option. */
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** ` Did you mean --x?` for the closest option within 2 edits, else ''. */
function suggestion(name) {
  let best;
  let bestDistance = 3;
  for (const candidate of Object.keys(OPTIONS)) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best === undefined ? '' : ` Did you mean --${best}?`;
}

/** An error in the options, with a message that says what to fix. */
export class StartArgsError extends Error {
  name = 'StartArgsError';
}

function port(value, flag) {
  const n = Number(value);
  if (value === '' || !Number.isInteger(n) || n < 0 || n > 65_535)
    throw new StartArgsError(`${flag} must be an integer from 0 to 65535 (got ${JSON.stringify(value)}).`);
  return n;
}

/**
 * Reads the options after `npm start --`. Fills no defaults that need the file system or randomness
 * (start-options.ts does); throws StartArgsError with a message saying what to fix.
 */
export function parseStartArgs(args) {
  const list = args[0] === '--' ? args.slice(1) : [...args];
  const { tokens } = parseArgs({
    args: list,
    options: Object.fromEntries(
      Object.entries(OPTIONS).map(([name, o]) => [
        name,
        o.short ? { type: o.type, short: o.short } : { type: o.type },
      ]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional')
      throw new StartArgsError(
        `Unexpected argument ${JSON.stringify(token.value)}: npm start takes options only.`,
      );
    const option = OPTIONS[token.name];
    if (option === undefined || (token.rawName.length === 2 && option.short === undefined))
      throw new StartArgsError(`Unknown option ${token.rawName}.${suggestion(token.name)}`);
    if (option.type === 'boolean' && token.value !== undefined)
      throw new StartArgsError(`${token.rawName} takes no value.`);
    if (
      option.type === 'string' &&
      (token.value === undefined ||
        (!token.inlineValue && token.value.startsWith('-') && !/^-\d/.test(token.value)))
    )
      throw new StartArgsError(`${token.rawName} needs a value: ${token.rawName} ${option.value}.`);
    values[token.name] = option.type === 'boolean' ? true : token.value;
  }
  if (values.memory && values.data !== undefined)
    throw new StartArgsError('Use either --data FILE or --memory, not both.');
  const base = values.port === undefined ? DEFAULT_BASE_PORT : port(values.port, '--port');
  const top = Math.max(...SERVICE_PORTS.map((s) => s.offset));
  if (base !== 0 && base + top > 65_535)
    throw new StartArgsError(
      `--port must leave room for the proxy at --port + ${top}: at most ${65_535 - top}.`,
    );
  const ports = {};
  for (const service of SERVICE_PORTS) {
    const own = service.flag === undefined ? undefined : values[service.flag.slice(2)];
    ports[service.key] = own !== undefined ? port(own, service.flag) : base === 0 ? 0 : base + service.offset;
  }
  for (const [i, a] of SERVICE_PORTS.entries()) {
    for (const b of SERVICE_PORTS.slice(i + 1)) {
      if (ports[a.key] !== 0 && ports[a.key] === ports[b.key])
        throw new StartArgsError(
          `The ${a.name} and the ${b.name} would both listen on port ${ports[a.key]}: give ${b.flag} another port.`,
        );
    }
  }
  const rateLimit = values['rate-limit'] === undefined ? 200 : Number(values['rate-limit']);
  if (!Number.isInteger(rateLimit) || rateLimit < 0 || values['rate-limit'] === '')
    throw new StartArgsError('--rate-limit must be a non-negative integer.');
  // `random` asks the sandbox's own CLI for a generated token; here that is the default anyway.
  const adminToken = values['admin-token'] === 'random' ? undefined : values['admin-token'];
  if (adminToken !== undefined && adminToken.trim() === '')
    throw new StartArgsError('--admin-token must not be empty.');
  return {
    help: values.help === true,
    ports,
    host: values.host ?? '127.0.0.1',
    data: values.data,
    memory: values.memory === true,
    adminToken,
    rateLimitPerMinute: rateLimit,
  };
}

/**
 * What to say when npm took options of npm start as its own: `npm start --port 5300`, without `--`,
 * sets `npm_config_port=true` and hands the script `5300` alone. Reads the `npm_config_*` variables
 * of the options (set only while npm runs the `start` script) and rebuilds the command with `--`.
 * Returns undefined when npm took none.
 *
 * @param env - The environment npm ran the script with.
 * @param args - The arguments npm passed on.
 */
export function npmTakenOptionsMessage(env, args) {
  if (env.npm_lifecycle_event !== 'start') return undefined;
  const npmValue = (name) => env[`npm_config_${name.replaceAll('-', '_')}`];
  const taken = Object.entries(OPTIONS).filter(([name]) => name !== 'help' && npmValue(name) !== undefined);
  if (taken.length === 0) return undefined;
  // npm keeps `--port=5300` as the value, but takes `--port 5300` as a flag and passes the word on;
  // its variables do not keep the order of the command line, so a word is matched to a flag only
  // when one flag lacks its value.
  const unmatched = taken.filter(([name, o]) => o.type === 'string' && npmValue(name) === 'true');
  const rest = unmatched.length === 1 ? [...args] : [];
  const words = taken.flatMap(([name, o]) => {
    if (o.type !== 'string') return [`--${name}`];
    const value = npmValue(name);
    return [`--${name}`, value !== 'true' ? value : (rest.shift() ?? o.value)];
  });
  const flags = taken.map(([name]) => `--${name}`).join(', ');
  return `npm took ${flags} as ${taken.length === 1 ? 'an option' : 'options'} of its own: npm start's options go after --.\nRun: npm start -- ${[...words, ...rest].join(' ')}`;
}

/**
 * What to say when a service's port is taken: the port, the service, and the flag that moves it.
 * For example "port 4011 (MCP server) is in use: pass --port <other base> or --mcp-port <n>".
 */
export function portInUseMessage(key, port) {
  const service = SERVICE_PORTS.find((s) => s.key === key);
  if (service === undefined) throw new Error(`no service ${key}`);
  const flags = service.flag === undefined ? '' : ` or ${service.flag} <n>`;
  return `port ${port} (${service.name}) is in use: pass --port <other base>${flags} (or --port 0 for free ports)`;
}
