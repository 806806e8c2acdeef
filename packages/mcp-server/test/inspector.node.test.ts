// The MCP Inspector's CLI (run under Node 22, as it requires) against the built `acctkit-mcp --sandbox`.
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools } from '../src/index.js';
import { BIN, runInspector as inspector, requireBuiltBin, type SpawnedHttp, spawnHttp } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

/** One finding of the Inspector's schema portability check. */
interface Finding {
  readonly severity: 'Error' | 'Warning';
  readonly tool: string;
  readonly path: string;
  readonly issue: string;
}

/**
 * The findings and the summary line (`0 errors, 88 warnings across 19 tools.`) of the report that
 * `--strict` writes to stderr. With no finding the Inspector writes neither.
 */
function portabilityReport(stderr: string): {
  findings: Finding[];
  summary: { errors: number; warnings: number } | undefined;
} {
  const findings = [
    ...stderr.matchAll(/^(Error|Warning): tool "([^"]+)"\n {2}Path: (.*)\n {2}Issue: (.*)$/gm),
  ].map(([, severity, tool, path, issue]) => ({
    severity: severity as Finding['severity'],
    tool: tool as string,
    path: path as string,
    issue: issue as string,
  }));
  const summary = /^(\d+) errors?, (\d+) warnings? across \d+ tools?\.$/m.exec(stderr);
  return {
    findings,
    summary: summary ? { errors: Number(summary[1]), warnings: Number(summary[2]) } : undefined,
  };
}

describe('MCP Inspector CLI schema portability check (--strict)', () => {
  it('reads the findings and the summary of a report', () => {
    // The report as the Inspector printed it for acctkit-mcp 0.0.0, shortened to two findings.
    const report = [
      'acctkit-mcp: serving de, pt (sandbox) over stdio',
      'Warning: tool "get_contact"',
      '  Path: outputSchema.properties.company',
      '  Issue: `type` is an array (["string","null"]). This is legal JSON Schema.',
      '  Suggestion: Split it into `anyOf` branches.',
      '',
      'Error: tool "list_contacts"',
      '  Path: outputSchema.properties.nextCursor',
      '  Issue: Schema carries no validation keyword at all, so it accepts any value.',
      '  Suggestion: Declare what the value actually is.',
      '',
      '1 error, 1 warning across 2 tools.',
      '',
    ].join('\n');
    expect(portabilityReport(report)).toEqual({
      findings: [
        {
          severity: 'Warning',
          tool: 'get_contact',
          path: 'outputSchema.properties.company',
          issue: '`type` is an array (["string","null"]). This is legal JSON Schema.',
        },
        {
          severity: 'Error',
          tool: 'list_contacts',
          path: 'outputSchema.properties.nextCursor',
          issue: 'Schema carries no validation keyword at all, so it accepts any value.',
        },
      ],
      summary: { errors: 1, warnings: 1 },
    });
  });

  for (const [mode, tools] of [
    [[], listTools().length],
    [['--read-only'], listTools({ readOnly: true }).length],
  ] as const) {
    it(`finds nothing to warn about in the tools of acctkit-mcp ${['--sandbox', ...mode].join(' ')}`, async () => {
      const result = await inspector([
        '--strict',
        '--format',
        'json',
        process.execPath,
        BIN,
        '--sandbox',
        ...mode,
        '--method',
        'tools/list',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const { findings, summary } = portabilityReport(result.stderr);
      expect(findings).toEqual([]);
      expect(summary ?? { errors: 0, warnings: 0 }).toEqual({ errors: 0, warnings: 0 });
      // Anything else the report says (a format this parser does not know) fails too.
      expect(result.stderr).not.toMatch(/^(Error|Warning)\b/m);
      // The JSON envelope carries the findings as data as well.
      const envelope = JSON.parse(result.stdout) as {
        result: { tools: unknown[] };
        schemaFindings?: unknown;
      };
      expect(envelope.schemaFindings).toBeUndefined();
      expect(envelope.result.tools).toHaveLength(tools);
    }, 60_000);
  }
});

describe('MCP Inspector CLI', () => {
  it('lists the tools of acctkit-mcp --sandbox over stdio', async () => {
    const result = await inspector([process.execPath, BIN, '--sandbox', '--method', 'tools/list']);
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['list_contacts', 'create_expense']),
    );
  }, 60_000);

  it('calls list_contacts over stdio', async () => {
    const result = await inspector([
      process.execPath,
      BIN,
      '--sandbox',
      '--method',
      'tools/call',
      '--tool-name',
      'list_contacts',
      '--tool-arg',
      'business=de',
      'limit=2',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const called = JSON.parse(result.stdout) as {
      isError?: boolean;
      structuredContent: { items: unknown[] };
    };
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent.items).toHaveLength(2);
  }, 60_000);

  describe('over Streamable HTTP', () => {
    let server: SpawnedHttp;
    beforeAll(async () => {
      server = await spawnHttp(['--sandbox']);
      return () => server.stop();
    });

    it('lists the tools', async () => {
      const result = await inspector([server.url, '--method', 'tools/list']);
      expect(result.code, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { tools: unknown[] }).tools.length).toBe(listTools().length);
    }, 60_000);
  });
});
