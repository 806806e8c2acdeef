// A guard against gross start-up regressions, not a measurement: `pnpm bench` measures start-up
// (bench/start-up.bench.ts). Here the built `acctkit-mcp` and the floor (the smallest stdio server of the
// same SDK, bundled the same way) start in turn, interleaved, so both see the same machine load; the test
// fails only when acctkit-mcp takes more than twice the floor's median, where the target is 1.2× and
// every mode measured 0.8–1.2×. Noise moves both sides alike and never comes near 2×.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '@acctkit/testing/bench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFloor } from '../bench/bundle-floor.js';
import { firstReplyMs, type StartCase } from '../bench/first-reply.js';
import { BIN, cleanEnv, requireBuiltBin } from './e2e-bin.js';

const ROUNDS = 5;
let folder: string;
let floor: string;

beforeAll(async () => {
  requireBuiltBin();
  folder = mkdtempSync(join(tmpdir(), 'acctkit-start-up-guard-'));
  floor = await bundleFloor(folder);
}, 120_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('start-up regression guard', () => {
  it('acctkit-mcp in environment mode answers initialize within 2× the SDK floor (median of 5 interleaved)', async () => {
    const env = cleanEnv({
      // A port nothing listens on: start-up must not contact the service, so it never notices.
      ACCTKIT_BASE_URL: 'http://127.0.0.1:9',
      ACCTKIT_COUNTRY: 'de',
      ACCTKIT_SIGNING_SECRET: 'guard',
      ACCTKIT_ACCESS_TOKEN: 'guard',
    });
    const cases: Record<'floor' | 'acctkit', StartCase> = {
      floor: { args: [floor], env },
      acctkit: { args: [BIN], env },
    };
    const times: Record<'floor' | 'acctkit', number[]> = { floor: [], acctkit: [] };
    const once = async (name: 'floor' | 'acctkit', keep: boolean): Promise<void> => {
      const { ms, stderr } = await firstReplyMs(process.execPath, cases[name]);
      if (ms === undefined) throw new Error(`${name} gave no reply: ${stderr}`);
      if (keep) times[name].push(ms);
    };
    await once('floor', false);
    await once('acctkit', false);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so neither always starts on a machine the other just warmed.
      const order: ('floor' | 'acctkit')[] = round % 2 ? ['floor', 'acctkit'] : ['acctkit', 'floor'];
      for (const name of order) await once(name, true);
    }
    const ratio = median(times.acctkit) / median(times.floor);
    expect(
      ratio,
      `acctkit ${times.acctkit.map(Math.round)} ms, floor ${times.floor.map(Math.round)} ms`,
    ).toBeLessThan(2);
  }, 180_000);
});
