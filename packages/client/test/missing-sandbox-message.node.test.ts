import { describe, expect, it } from 'vitest';
import { missingSandboxMessage } from '../src/node/index.js';

describe('missingSandboxMessage', () => {
  const message = missingSandboxMessage('@acctkit/mcp-server', 'acctkit-mcp');
  const lines = message.split('\n');

  it('leads with the install that works before the first release: the tarballs a clone packs', () => {
    expect(lines[0]).toBe('--sandbox needs the @acctkit/sandbox package, which is not installed.');
    expect(lines[1]).toMatch(/^Today, from a clone of acctkit: npm run pack:all, then install /);
    // The sandbox's tarball with the @acctkit packages it depends on, as its README installs it.
    expect(lines[1]).toContain(
      './packed/acctkit-sandbox.tgz ./packed/acctkit-reconcile.tgz ./packed/acctkit-signer.tgz ./packed/acctkit-openapi.tgz in one npm install',
    );
  });

  it('then gives the registry forms, marked for after the first release', () => {
    expect(lines[2]).toMatch(/^After the first release: npm install @acctkit\/sandbox beside it/);
    expect(lines[2]).toContain('npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox');
    expect(message.indexOf('npm run pack:all')).toBeLessThan(message.indexOf('npm install @acctkit/sandbox'));
  });
});
