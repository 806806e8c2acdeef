import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BASE_PORT,
  npmTakenOptionsMessage,
  parseStartArgs,
  portInUseMessage,
  START_HELP,
  StartArgsError,
} from '../src/start/start-args.mjs';

/** The message parseStartArgs throws for these arguments. */
function refusal(args: string[]): string {
  try {
    parseStartArgs(args);
  } catch (error) {
    expect(error).toBeInstanceOf(StartArgsError);
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
}

describe('npm start ports', () => {
  it('counts every port from --port: sandbox N, MCP N+1, remote MCP N+2, proxy N+10', () => {
    expect(parseStartArgs(['--port', '8080']).ports).toEqual({
      sandbox: 8080,
      mcp: 8081,
      remote: 8082,
      proxy: 8090,
    });
  });

  it(`starts from ${DEFAULT_BASE_PORT} without --port`, () => {
    expect(parseStartArgs([]).ports).toEqual({ sandbox: 4010, mcp: 4011, remote: 4012, proxy: 4020 });
  });

  it('--port 0 picks a free port for every service; a per-service flag still wins', () => {
    expect(parseStartArgs(['--port', '0']).ports).toEqual({ sandbox: 0, mcp: 0, remote: 0, proxy: 0 });
    expect(parseStartArgs(['--port', '0', '--mcp-port', '5000']).ports).toEqual({
      sandbox: 0,
      mcp: 5000,
      remote: 0,
      proxy: 0,
    });
  });

  it('moves one service alone with its own flag', () => {
    expect(parseStartArgs(['--remote-port', '9000', '--proxy-port', '9001']).ports).toEqual({
      sandbox: 4010,
      mcp: 4011,
      remote: 9000,
      proxy: 9001,
    });
  });

  it('refuses two services on one port, naming the flag that separates them', () => {
    expect(refusal(['--mcp-port', '4010'])).toBe(
      'The sandbox and the MCP server would both listen on port 4010: give --mcp-port another port.',
    );
  });

  it('refuses a base that leaves no room for the proxy at N+10', () => {
    expect(parseStartArgs(['--port', '65525']).ports.proxy).toBe(65_535);
    expect(refusal(['--port', '65526'])).toContain('at most 65525');
  });

  it('says which port is taken, which service wanted it and which flag moves it', () => {
    expect(portInUseMessage('mcp', 4011)).toBe(
      'port 4011 (MCP server) is in use: pass --port <other base> or --mcp-port <n> (or --port 0 for free ports)',
    );
    expect(portInUseMessage('sandbox', 4010)).toBe(
      'port 4010 (sandbox) is in use: pass --port <other base> (or --port 0 for free ports)',
    );
  });
});

describe('npm start option errors', () => {
  it('suggests the closest option for a mistyped one', () => {
    expect(refusal(['--prot', '8080'])).toBe('Unknown option --prot. Did you mean --port?');
    expect(refusal(['--mcpport', '1'])).toBe('Unknown option --mcpport. Did you mean --mcp-port?');
    expect(refusal(['--zzz'])).toBe('Unknown option --zzz.');
  });

  it('says what each malformed value should be', () => {
    expect(refusal(['--port'])).toBe('--port needs a value: --port N.');
    expect(refusal(['--port', '--memory'])).toBe('--port needs a value: --port N.');
    expect(refusal(['--port', 'x'])).toBe('--port must be an integer from 0 to 65535 (got "x").');
    expect(refusal(['--port', '-1'])).toBe('--port must be an integer from 0 to 65535 (got "-1").');
    expect(refusal(['--memory=yes'])).toBe('--memory takes no value.');
    expect(refusal(['8080'])).toBe('Unexpected argument "8080": npm start takes options only.');
    expect(refusal(['--memory', '--data', 'x.sqlite'])).toBe('Use either --data FILE or --memory, not both.');
    expect(refusal(['--rate-limit', '-5'])).toBe('--rate-limit must be a non-negative integer.');
    expect(refusal(['--admin-token', ' '])).toBe('--admin-token must not be empty.');
  });

  it('takes the separator pnpm hands on, and -h for help', () => {
    expect(parseStartArgs(['--', '--port', '1']).ports.sandbox).toBe(1);
    expect(parseStartArgs(['-h']).help).toBe(true);
  });
});

describe('npm start --help', () => {
  it('documents every port, the per-service flags and what --host does to the MCP server', () => {
    expect(START_HELP).toMatch(
      /sandbox\s+4010\n\s+MCP server\s+4011\n\s+remote MCP server\s+4012\n\s+signing proxy\s+4020/,
    );
    for (const flag of ['--mcp-port N', '--remote-port N', '--proxy-port N'])
      expect(START_HELP).toContain(flag);
    expect(START_HELP).toContain('The MCP server stays on 127.0.0.1');
    expect(START_HELP).toContain(
      'SIGINT, SIGTERM or SIGHUP to the npm start process alone, stops every service',
    );
  });
});

describe('options npm took as its own (npm start without --)', () => {
  // What npm 10 and 11 hand the script, as measured: `--port 5300` sets npm_config_port=true and passes
  // "5300" on; `--port=5300` keeps the value; the variables do not keep the command line's order.
  const start = { npm_lifecycle_event: 'start' };
  it.each([
    [{ npm_config_port: 'true' }, ['5300'], 'npm took --port as an option', 'npm start -- --port 5300'],
    [{ npm_config_port: '5300' }, [], 'npm took --port as an option', 'npm start -- --port 5300'],
    [
      { npm_config_port: 'true', npm_config_memory: 'true' },
      ['5300'],
      'npm took --port, --memory as options',
      'npm start -- --port 5300 --memory',
    ],
    [
      { npm_config_admin_token: 'true', npm_config_port: 'true' },
      ['abc', '5'],
      'npm took --port, --admin-token as options',
      'npm start -- --port N --admin-token T',
    ],
  ])('%o with %o', (env, args, said, command) => {
    const message = npmTakenOptionsMessage({ ...start, ...env }, args);
    expect(message).toContain(said);
    expect(message).toContain(`Run: ${command}`);
  });

  it('says nothing when npm took none, or when npm is not running the start script', () => {
    expect(npmTakenOptionsMessage(start, ['--port', '5300'])).toBeUndefined();
    expect(npmTakenOptionsMessage({ npm_config_port: 'true' }, ['5300'])).toBeUndefined();
    expect(npmTakenOptionsMessage({ ...start, npm_config_registry: 'https://r' }, [])).toBeUndefined();
  });
});
