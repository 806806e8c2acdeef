#!/usr/bin/env node
/**
 * `acctkit-proxy`: the edge proxy on Node.
 *
 *   acctkit-proxy --sandbox [--port 4020] [--admin-token T]
 *   ACCTKIT_CLIENT_ID=… ACCTKIT_CLIENT_SECRET=… ACCTKIT_SIGNING_SECRET=… ACCTKIT_ADMIN_TOKEN=… \
 *     acctkit-proxy --upstream https://api.accounting.example --data proxy.sqlite
 *
 * Secrets come from the environment, never from arguments (which other users can read in `ps`).
 */
import { parseArgs } from 'node:util';
import { startProxyServer } from './start-proxy-server.js';

const usage = `Usage: acctkit-proxy --sandbox [--port 4020] [--host 127.0.0.1] [--admin-token T]
       acctkit-proxy --upstream URL [--data FILE] [--port 4020] [--host H] [--cors ORIGIN]… [--connect URL]
Secrets for --upstream come from ACCTKIT_CLIENT_ID, ACCTKIT_CLIENT_SECRET, ACCTKIT_SIGNING_SECRET and
ACCTKIT_ADMIN_TOKEN. Logs are JSON lines on stderr.
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sandbox: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      'admin-token': { type: 'string' },
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
  const port = values.port === undefined ? 4020 : Number(values.port);
  const proxy = await startProxyServer({
    port,
    host: values.host,
    sandbox: values.sandbox,
    database: values.data,
    adminToken: values['admin-token'] ?? env.ACCTKIT_ADMIN_TOKEN,
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
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const lines = [`acctkit edge proxy listening on ${proxy.url}`];
  if (proxy.keys) {
    lines.push(
      'Upstream: an in-process sandbox; its demo businesses are connected as "de" and "pt".',
      'Keys (shown once; store them now):',
      `  de  read   ${proxy.keys.de.read}`,
      `  de  write  ${proxy.keys.de.write}`,
      `  pt  read   ${proxy.keys.pt.read}`,
      `  pt  write  ${proxy.keys.pt.write}`,
      `Admin token: ${proxy.adminToken} (Authorization: Bearer … on ${proxy.url}/_proxy/)`,
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
  process.stderr.write(`acctkit-proxy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
