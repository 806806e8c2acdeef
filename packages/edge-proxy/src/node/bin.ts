#!/usr/bin/env node
/**
 * `acctkit-proxy`: the edge proxy on Node.
 *
 *   acctkit-proxy --sandbox [--port 4020] [--admin-token-file FILE]
 *   ACCTKIT_CLIENT_ID=… ACCTKIT_CLIENT_SECRET=… ACCTKIT_SIGNING_SECRET=… ACCTKIT_ADMIN_TOKEN=… \
 *     acctkit-proxy --upstream https://api.accounting.example --data proxy.sqlite
 *
 * Secrets come from the environment or files, never from arguments (which other users can read in `ps`).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const usage = `Usage: acctkit-proxy --sandbox [--port 4020] [--host 127.0.0.1] [--admin-token-file FILE]
       acctkit-proxy --upstream URL [--data FILE] [--port 4020] [--host H] [--cors ORIGIN]… [--connect URL]
                     [--admin-token-file FILE]
Secrets for --upstream come from ACCTKIT_CLIENT_ID, ACCTKIT_CLIENT_SECRET and ACCTKIT_SIGNING_SECRET; --data
also needs ACCTKIT_PROXY_ENCRYPTION_KEYS (id:base64 of 32 bytes, current key first), which seals tokens. The
admin token comes from the file of --admin-token-file, else ACCTKIT_ADMIN_TOKEN (with --sandbox, a random
one is made and printed when neither is set). Logs are JSON lines on stdout, one per request;
GET /healthz answers {"status":"ok","version"} without a key.
`;

/** Why a command line is refused: printed, exit status 2. */
class UsageError extends Error {}

const ADMIN_TOKEN_IN_ARGV =
  '--admin-token is not accepted: other users of the machine can read arguments in ps. Put the token in a ' +
  'file readable only by you and pass --admin-token-file <path>, or set ACCTKIT_ADMIN_TOKEN.';

/** The admin token: from `--admin-token-file` (surrounding whitespace dropped), else `ACCTKIT_ADMIN_TOKEN`. */
function readAdminToken(file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (file === undefined) return env.ACCTKIT_ADMIN_TOKEN || undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read --admin-token-file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const token = text.trim();
  if (token === '') throw new UsageError(`--admin-token-file ${file} is empty.`);
  return token;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.some((a) => a === '--admin-token' || a.startsWith('--admin-token=')))
    throw new UsageError(ADMIN_TOKEN_IN_ARGV);
  const { values } = parseArgs({
    args: argv,
    options: {
      sandbox: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      'admin-token-file': { type: 'string' },
      upstream: { type: 'string' },
      data: { type: 'string' },
      cors: { type: 'string', multiple: true },
      connect: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || (!values.sandbox && !values.upstream)) {
    process.stdout.write(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const env = process.env;
  const adminToken = readAdminToken(values['admin-token-file'], env);
  const port = values.port === undefined ? 4020 : Number(values.port);
  // Imported once the arguments are accepted: a refused command line loads neither proxy nor sandbox.
  const { startProxyServer } = await import('./start-proxy-server.js');
  const proxy = await startProxyServer({
    port,
    host: values.host,
    sandbox: values.sandbox,
    database: values.data,
    encryptionKeys: env.ACCTKIT_PROXY_ENCRYPTION_KEYS || undefined,
    adminToken,
    corsOrigins: values.cors,
    connect: values.connect ? { publicUrl: values.connect } : undefined,
    upstream: values.upstream
      ? {
          baseUrl: values.upstream,
          clientId: env.ACCTKIT_CLIENT_ID ?? '',
          clientSecret: env.ACCTKIT_CLIENT_SECRET ?? '',
          signingSecret: env.ACCTKIT_SIGNING_SECRET ?? '',
        }
      : undefined,
    // Logs go to stdout, where containers and process managers collect them; errors of the command
    // itself stay on stderr.
    log: (line) => process.stdout.write(`${line}\n`),
  });
  // A token the user gave is theirs already; printing it would only copy it into logs.
  const shownToken =
    adminToken === undefined
      ? proxy.adminToken
      : `(from ${values['admin-token-file'] === undefined ? 'ACCTKIT_ADMIN_TOKEN' : '--admin-token-file'})`;
  const lines = [`acctkit edge proxy listening on ${proxy.url}`];
  if (proxy.keys) {
    lines.push(
      'Upstream: an in-process sandbox; its demo businesses are connected as "de" and "pt".',
      'Keys (shown once; store them now):',
      `  de  read   ${proxy.keys.de.read}`,
      `  de  write  ${proxy.keys.de.write}`,
      `  pt  read   ${proxy.keys.pt.read}`,
      `  pt  write  ${proxy.keys.pt.write}`,
      `Admin token: ${shownToken} (Authorization: Bearer … on ${proxy.url}/_proxy/)`,
      'Try:',
      `  ${proxy.curl}`,
    );
  } else {
    lines.push(
      `Upstream: ${proxy.upstreamUrl}`,
      `Admin API: ${proxy.adminToken ? `${proxy.url}/_proxy/` : 'off'}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = (): void => {
    void proxy.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`acctkit-proxy: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`acctkit-proxy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
