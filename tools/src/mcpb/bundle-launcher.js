// The entry point of the MCP Bundle of acctkit-mcp (copied into it as server/index.js): what a host
// starts, as `node server/index.js --read-only=<true|false> --sandbox=<true|false>` with the user's
// settings in ACCTKIT_* variables. It turns the switches into acctkit-mcp's flags and runs the bundled
// server in this process. Plain JavaScript with no imports of its own: the bundle has no node_modules.
//
// A host passes every setting, set or not: an unset one arrives empty (or, from a host that leaves
// unknown ones alone, as the `${user_config.…}` text itself), and the server must see it unset.

const SWITCHES = new Set(['--read-only', '--sandbox']);
const UNSET = /^\s*$|\$\{user_config\./;

for (const [name, value] of Object.entries(process.env))
  if (name.startsWith('ACCTKIT_') && UNSET.test(value ?? '')) delete process.env[name];

const args = [];
for (const arg of process.argv.slice(2)) {
  const [flag, value] = arg.split(/=(.*)/s);
  if (flag !== undefined && SWITCHES.has(flag) && value !== undefined) {
    if (value === 'true') args.push(flag);
    continue;
  }
  args.push(arg);
}

if (args.includes('--sandbox') && !sandboxInstalled()) {
  process.stderr.write(
    'acctkit-mcp: the demo sandbox is not part of this bundle: it needs @acctkit/sandbox and the native ' +
      'SQLite module better-sqlite3, which is built for each platform. Turn the "Demo sandbox" setting off ' +
      'and connect a business (`acctkit login`, or the credentials in the settings), or add the server as a ' +
      'command instead: npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox\n',
  );
  process.exit(1);
}

process.argv = [process.argv[0] ?? 'node', process.argv[1] ?? 'index.js', ...args];
await import('./acctkit-mcp.js');

/** Whether `@acctkit/sandbox` resolves from the bundle (only a node_modules above its folder could hold it). */
function sandboxInstalled() {
  try {
    import.meta.resolve('@acctkit/sandbox');
    return true;
  } catch {
    return false;
  }
}
