// `acctkit-mcp --help` names every toolset that --toolsets accepts, from the one list of toolsets.
import { describe, expect, it } from 'vitest';
import { TOOLSETS } from '../src/index.js';
import { runCli } from '../src/node/index.js';

async function help(): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await runCli(['--help'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    env: {},
  });
  return { code, stdout };
}

describe('acctkit-mcp --help', () => {
  it('lists every toolset, changes included, on the --toolsets line', async () => {
    const { code, stdout } = await help();
    expect(code).toBe(0);
    const line = stdout.split('\n').find((l) => l.trimStart().startsWith('--toolsets'));
    const listed = line
      ?.split('toolsets:')[1]
      ?.split(',')
      .map((name) => name.trim());
    expect(listed).toEqual([...TOOLSETS]);
    expect(listed).toContain('changes');
  });

  it('every toolset it lists is accepted by --toolsets', async () => {
    let stderr = '';
    const code = await runCli(['--toolsets', `${TOOLSETS.join(',')},nope`], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
    });
    // Only the one unknown name is refused, with the same list as --help gives.
    expect(code).not.toBe(0);
    expect(stderr).toContain(`Unknown toolset 'nope'; choose from ${TOOLSETS.join(', ')}.`);
  });
});
