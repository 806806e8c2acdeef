/**
 * Text that comes from the service, a journal or the connection file reaches the terminal without
 * escape sequences or control characters: a client named `ESC[2J…` cannot clear the screen, and an
 * OSC 8 sequence cannot plant a link. `--json` stays the exact JSON of the stored values.
 */
import { rm } from 'node:fs/promises';
import type { NewChange } from '@acctkit/change-journal';
import { changeJournalFile, openFileChangeJournal } from '@acctkit/change-journal/node';
import { openConnectionStore } from '@acctkit/client/node';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { acctkit, startWorld, storeConnection, type World } from './helpers.js';

/**
 * What a terminal acts on: every C0 control but tab and line feed, DEL, every C1 control, and the
 * bidirectional overrides and isolates that reorder what is shown.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for exactly these characters.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const ESC = '\u001b';
const CLEAR_SCREEN = `${ESC}[2J${ESC}[H`;
const LINK = (url: string, text: string) => `${ESC}]8;;${url}${ESC}\\${text}${ESC}]8;;${ESC}\\`;
const EVIL_CLIENT = `evil${CLEAR_SCREEN}-${LINK('https://evil.test/', 'click')}${ESC}]0;title\u0007\u009b31m\u202e\u2066`;

let world: World;

beforeAll(async () => {
  world = await startWorld();
  const connection = await storeConnection(world, 'demo-de', 'de');
  await storeConnection(world, 'prop', 'de');
  await openConnectionStore({ file: world.connectionsFile }).put({
    ...connection,
    name: 'renamed-upstream',
    businessName: `Schneider${CLEAR_SCREEN} GmbH`,
  });
  const change: NewChange = {
    business: 'demo-de',
    client: { name: EVIL_CLIENT, version: `1.0${ESC}[5m` },
    oauthClientId: `client${ESC}]8;;https://evil.test/${ESC}\\`,
    tool: 'update_contact',
    kind: 'contacts',
    recordId: 7,
    operation: 'update',
    before: { id: 7, name: 'Ana' },
    after: { id: 7, name: `Ana${CLEAR_SCREEN}\nLine two` },
    status: 200,
  };
  await openFileChangeJournal(changeJournalFile(world.connectionsFile, 'demo-de')).append(change);
}, 30_000);
afterAll(() => world?.close());

describe('acctkit changes', () => {
  it('shows a client name with ESC[2J and an OSC 8 link as plain text, with no ESC byte', async () => {
    const r = await acctkit(['changes', '--connection', 'demo-de'], world.env());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).not.toMatch(CONTROL);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/update_contact\s+contacts:7\s+evil-click 1\.0 \/ client\s+200$/);
    // The changed field stays on its one line.
    expect(lines[2]).toBe('    name: Ana → Ana Line two');
    expect(lines).toHaveLength(3);
  });

  it('--json gives the stored values exactly, as valid JSON with no raw control character', async () => {
    const r = await acctkit(['changes', '--connection', 'demo-de', '--json'], world.env());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    const [entry] = JSON.parse(r.stdout) as { client: { name: string }; after: { name: string } }[];
    expect(entry?.client.name).toBe(EVIL_CLIENT);
    expect(entry?.after.name).toBe(`Ana${CLEAR_SCREEN}\nLine two`);
  });

  it('for any client name: the table holds no control character, and a name without any shows as it is', async () => {
    const journal = changeJournalFile(world.connectionsFile, 'prop');
    const piece = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        CLEAR_SCREEN,
        LINK('https://x.test', 'x'),
        `${ESC}]0;t\u0007`,
        '\u009b2J',
        '\r',
        '\u007f',
        '\u202e',
        ESC,
      ),
      fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')),
        async (name) => {
          await rm(journal, { force: true });
          await openFileChangeJournal(journal).append({
            business: 'prop',
            client: { name },
            tool: 'create_contact',
            kind: 'contacts',
            recordId: 1,
            operation: 'create',
            before: null,
            after: { id: 1 },
            status: 201,
          });
          const text = await inProcess(['changes', '--connection', 'prop']);
          expect(text.stdout).not.toMatch(CONTROL);
          expect(text.stdout.trimEnd().split('\n')).toHaveLength(2);
          if (!CONTROL.test(name) && !/[\t\n]/.test(name) && name.trim() !== '')
            expect(text.stdout).toContain(name);
          const json = await inProcess(['changes', '--connection', 'prop', '--json']);
          expect(json.stdout).not.toMatch(CONTROL);
          expect((JSON.parse(json.stdout) as { client: { name: string } }[])[0]?.client.name).toBe(name);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('other output that shows stored or upstream text', () => {
  it('acctkit connections list: a business name with escape sequences is shown without them', async () => {
    const r = await acctkit(['connections', 'list'], world.env());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stdout).toContain('Schneider GmbH (');
  });

  it('acctkit request: an error message that quotes the request back shows no escape sequence', async () => {
    const r = await acctkit(
      ['request', 'POST', '/accounts/v2/contacts', '--connection', 'demo-de', '-f', `name${CLEAR_SCREEN}=x`],
      world.env(),
    );
    expect(r.code).toBe(1);
    // The service quotes the malformed name; the line says so without the sequence.
    expect(r.stderr).toContain("invalid_request: Malformed parameter name 'name': use resource[field].");
    expect(r.stderr).not.toMatch(CONTROL);
    // The error body after it is JSON, which escapes the control characters it holds.
    expect(r.stderr).toContain('\\u001b[2J');
  });
});

/** Runs the CLI in-process on the world's files (no terminal) and returns what it printed. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: world.env(),
  });
  return { code, stdout, stderr };
}
