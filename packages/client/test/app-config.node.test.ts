/**
 * The app config of `@acctkit/client/node`: where the config file is, how it loads (a missing file is
 * empty, a damaged one is named), and where a stored connection's app secrets come from
 * (environment, then the profile of its client id and base URL, then the sandbox's published demo app).
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AppConfigError,
  appConfigFile,
  appSecretsFor,
  type LoadedAppConfig,
  loadAppConfig,
  SANDBOX_DEMO_APP,
} from '../src/node/index.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'acctkit-app-config-'));
  file = join(dir, 'acctkit', 'config.json');
  await mkdir(join(dir, 'acctkit'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(content: unknown, mode = 0o600): Promise<LoadedAppConfig> {
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content), { mode });
  await chmod(file, mode);
  return loadAppConfig({ file });
}

const demoConnection = { name: 'demo', clientId: DEMO_CLIENT.clientId, baseUrl: 'http://127.0.0.1:4010' };
const noSecretsEnv = {};

describe('SANDBOX_DEMO_APP', () => {
  it('is the sandbox’s published demo app, on the sandbox’s default host', () => {
    expect(SANDBOX_DEMO_APP).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      authUrl: 'http://127.0.0.1:4010',
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
    });
    expect(Object.isFrozen(SANDBOX_DEMO_APP)).toBe(true);
  });
});

describe('appConfigFile', () => {
  it('is $ACCTKIT_CONFIG_FILE, else $XDG_CONFIG_HOME/acctkit/config.json, else ~/.config/acctkit/config.json', () => {
    expect(appConfigFile({ ACCTKIT_CONFIG_FILE: '/x/c.json', XDG_CONFIG_HOME: '/cfg' })).toBe('/x/c.json');
    expect(appConfigFile({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/acctkit/config.json');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG Base Directory rules say.
    expect(appConfigFile({ XDG_CONFIG_HOME: 'cfg' })).toBe(
      join(homedir(), '.config', 'acctkit', 'config.json'),
    );
    expect(appConfigFile({})).toBe(join(homedir(), '.config', 'acctkit', 'config.json'));
  });
});

describe('loadAppConfig', () => {
  it('a missing file is an empty config, found through the environment', async () => {
    const loaded = await loadAppConfig({ env: { XDG_CONFIG_HOME: dir } });
    expect(loaded).toEqual({ file, config: {}, secretsReadableByOthers: false });
  });

  it('returns the profiles of a valid file', async () => {
    const config = {
      defaultProfile: 'production',
      defaultConnection: 'de-1',
      profiles: { sandbox: { baseUrl: 'http://127.0.0.1:4010' }, production: { clientId: 'mine' } },
    };
    expect(await write(config)).toEqual({ file, config, secretsReadableByOthers: false });
  });

  it.each([
    ['not JSON', '{"profiles": {"p": {"clientSecret": "s3cr3t-value"', /is not valid JSON/],
    ['an array', '[]', /must hold a JSON object/],
    ['profiles as an array', { profiles: [] }, /"profiles" in .* must be an object of profiles/],
    ['a profile that is no object', { profiles: { prod: 'x' } }, /profiles\.prod in .* must be an object/],
    [
      'a secret that is no string',
      { profiles: { prod: { signingSecret: 7 } } },
      /profiles\.prod\.signingSecret in/,
    ],
    ['a default that is no string', { defaultConnection: 1 }, /defaultConnection in .* must be a string/],
  ])(
    'a damaged file (%s) fails with AppConfigError naming the file, never quoting it',
    async (_, content, message) => {
      const error = await write(content).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppConfigError);
      expect(error).toMatchObject({ code: 'CONFIG_FAILED', reason: 'corrupt', file });
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('s3cr3t-value');
    },
  );

  it('an unreadable file (a folder in its place) fails as unreadable, naming it', async () => {
    await mkdir(file);
    const error = await loadAppConfig({ file }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONFIG_FAILED', reason: 'unreadable', file });
    expect((error as Error).message).toContain(file);
  });

  it('flags a secret that other users can read, and only a secret', async () => {
    const withSecret = { profiles: { prod: { clientId: 'mine', clientSecret: 'cs' } } };
    expect((await write(withSecret, 0o644)).secretsReadableByOthers).toBe(true);
    expect((await write(withSecret, 0o600)).secretsReadableByOthers).toBe(false);
    expect((await write({ profiles: { prod: { clientId: 'mine' } } }, 0o644)).secretsReadableByOthers).toBe(
      false,
    );
  });
});

describe('appSecretsFor', () => {
  const profiles = {
    other: {
      clientId: 'mine',
      baseUrl: 'https://elsewhere.example',
      clientSecret: 'cs-other',
      signingSecret: 'ss-other',
    },
    prod: {
      clientId: 'mine',
      baseUrl: 'https://api.example/',
      clientSecret: 'cs-prod',
      signingSecret: 'ss-prod',
    },
    any: { clientId: 'mine', clientSecret: 'cs-any', signingSecret: 'ss-any' },
    demo: { clientId: DEMO_CLIENT.clientId, signingSecret: 'ss-demo-profile' },
  };
  const mine = { name: 'work', clientId: 'mine', baseUrl: 'https://api.example' };

  it('takes the profile matched by client id and base URL (trailing slash aside), else one without a base URL', async () => {
    const loaded = await write({ profiles });
    expect(appSecretsFor(mine, loaded, noSecretsEnv)).toEqual({
      clientSecret: 'cs-prod',
      signingSecret: 'ss-prod',
    });
    expect(appSecretsFor({ ...mine, baseUrl: 'https://third.example' }, loaded, noSecretsEnv)).toEqual({
      clientSecret: 'cs-any',
      signingSecret: 'ss-any',
    });
  });

  it('the environment wins over the profile, each secret on its own; blank variables count as unset', async () => {
    const loaded = await write({ profiles });
    expect(appSecretsFor(mine, loaded, { ACCTKIT_SIGNING_SECRET: ' ss-env ' })).toEqual({
      clientSecret: 'cs-prod',
      signingSecret: 'ss-env',
    });
    expect(
      appSecretsFor(mine, loaded, { ACCTKIT_CLIENT_SECRET: 'cs-env', ACCTKIT_SIGNING_SECRET: '  ' }),
    ).toEqual({ clientSecret: 'cs-env', signingSecret: 'ss-prod' });
  });

  it('the sandbox demo app comes last: after the environment and its own profile', async () => {
    const empty = await loadAppConfig({ file });
    expect(appSecretsFor(demoConnection, empty, noSecretsEnv)).toEqual({
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
    });
    const loaded = await write({ profiles });
    expect(appSecretsFor(demoConnection, loaded, noSecretsEnv)).toEqual({
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: 'ss-demo-profile',
    });
    expect(appSecretsFor(demoConnection, loaded, { ACCTKIT_CLIENT_SECRET: 'cs-env' })).toEqual({
      clientSecret: 'cs-env',
      signingSecret: 'ss-demo-profile',
    });
  });

  it('an app with no secret anywhere fails naming the connection, the variables and the file, never a secret', async () => {
    const loaded = await write({ profiles: { half: { clientId: 'half', clientSecret: 'cs-half-value' } } });
    const error = (() => {
      try {
        return appSecretsFor({ name: 'work', clientId: 'half', baseUrl: 'https://api.example' }, loaded, {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppConfigError);
    expect(error).toMatchObject({ code: 'CONFIG_FAILED', reason: 'missing_secrets', file });
    const message = (error as Error).message;
    expect(message).toContain("Connection 'work'");
    expect(message).toContain('signing secret (ACCTKIT_SIGNING_SECRET)');
    expect(message).not.toContain('client secret (ACCTKIT_CLIENT_SECRET)');
    expect(message).toContain('"clientId": "half"');
    expect(message).toContain(file);
    expect(message).not.toContain('cs-half-value');
  });
});
