import { serializeStatement } from '@acctkit/reconcile';
import type { Hono } from 'hono';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { accountStatement } from './account-statement.js';
import { readStatementQuery, type StatementExportFormat } from './statement-query.js';

/**
 * The media type and file extension of each format. MT940 is sent as UTF-8 (DECISIONS RC14): a
 * reader that takes the body as text (`Response.text()`) decodes UTF-8 whatever the header says.
 */
const FILES: Record<StatementExportFormat, { readonly type: string; readonly extension: string }> = {
  camt053: { type: 'application/xml; charset=utf-8', extension: 'xml' },
  mt940: { type: 'text/plain; charset=utf-8', extension: 'sta' },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
};

/**
 * `GET /_sandbox/statements?business=&bank_account=&from=&to=&format=`: the statement of a bank
 * account of a business for a period, as its bank would export it (CAMT.053, MT940 or CSV), for
 * trying reconciliation against the sandbox's books. Registered behind the admin token.
 */
export function statementRoute(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/_sandbox/statements', (c) => {
    const query = readStatementQuery(state, new URL(c.req.url).searchParams);
    const statement = accountStatement(state.store, query);
    const file = FILES[query.format];
    const name = `statement-${statement.account.iban}-${query.from}-${query.to}.${file.extension}`;
    return c.body(serializeStatement(statement, { format: query.format }), 200, {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });
}
