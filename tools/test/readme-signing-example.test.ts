import { type ChildProcessWithoutNullStreams, execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { banner, launch, stop } from './helpers/launch.ts';

const run = promisify(execFile);
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Using the spec from another language'));

/** The published base string of the worked example (evidence of the real service). */
const PUBLISHED_BASE_STRING =
  'POST&https%3A%2F%2Fapi.example.test%2Faccounts%2Fv2%2Fcontacts&config_setting%3Dfoo%26contact%255Bcontact_type_id%255D%3D1%26contact%255Bname%255D%3DMy%2520Customer&d6657d14f6d3d9de453ff4b0dc686c6d';

/** The README's `/test` curl: its shell code block, continuations joined. */
function testCurl(): string {
  const block = /```sh\n(curl -s -X POST '[^']*\/test\/[\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the README has no /test curl example');
  return block.replace(/\\\n\s*/g, ' ').trim();
}

describe('README: using the spec from another language', () => {
  it('says the signature is not a static API key and what a generated client must add', () => {
    expect(section).toContain('The signature is not a static API key');
    expect(section).toMatch(/fresh nonce/);
  });

  it('shows the published base string and its signature under TestSigningSecret&TestToken', () => {
    expect(section).toContain(PUBLISHED_BASE_STRING);
    const signature = createHmac('sha1', 'TestSigningSecret&TestToken')
      .update(PUBLISHED_BASE_STRING)
      .digest('base64');
    expect(section).toContain(`signs to \`${signature}\``);
  });

  describe('the /test example against the sandbox of npm start', () => {
    let child: ChildProcessWithoutNullStreams;
    let base: string;

    beforeAll(async () => {
      child = launch(['--port', '0', '--memory']);
      const output = await banner(child);
      base = /base URL:\s+(\S+)/.exec(output)?.[1] ?? '';
    }, 60_000);
    afterAll(async () => {
      await stop(child);
    });

    /**
     * Runs the README's command against this sandbox. The example signs for 127.0.0.1:4010; the Host
     * header keeps that the URL the sandbox sees, whatever port it got here.
     */
    async function send(command: string): Promise<{ status: number; body: Record<string, unknown> }> {
      const local = command.replace('http://127.0.0.1:4010', base);
      const { stdout } = await run('sh', ['-c', `${local} -H 'Host: 127.0.0.1:4010' -w '\\n%{http_code}'`]);
      const cut = stdout.lastIndexOf('\n');
      return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
    }

    it('answers 200 to the example as printed', async () => {
      const { status, body } = await send(testCurl());
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true });
    });

    it('answers 400 with every step when one byte changes', async () => {
      const { status, body } = await send(testCurl().replace('My Customer', 'My Customer!'));
      expect(status).toBe(400);
      expect(body).toHaveProperty('parameter_string');
      expect(body).toHaveProperty('signature_base_string');
    });
  });
});
