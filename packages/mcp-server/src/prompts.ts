import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import { completable } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { BusinessConnection } from './business-connection.js';
import type { ToolDefinition } from './tool-definition.js';

function user(text: string): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** The last `count` months as `YYYY-MM`, newest first. */
function recentMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

function lastDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/**
 * Registers the workflow prompts: a monthly summary, recording an expense from a receipt's text, and
 * finding a contact before creating one. Prompts that need a write tool are left out without it.
 */
export function registerPrompts(
  mcp: McpServer,
  connections: readonly BusinessConnection[],
  tools: readonly ToolDefinition[],
): void {
  const names = connections.map((c) => c.name);
  const has = (name: string): boolean => tools.some((t) => t.name === name);
  const args = promptArguments(names);
  const on = (business: string | undefined): string => (business ? ` Use business "${business}".` : '');

  if (has('summarize_transactions'))
    mcp.registerPrompt(
      'monthly_summary',
      {
        title: 'Monthly summary',
        description: 'Summarise one month: income and expenses by type, the result, and what stands out.',
        argsSchema: args.monthlySummary,
      },
      ({ business, month }) =>
        user(
          `Give me a summary of ${month}.${on(business)} Call summarize_transactions with from_date ${month}-01, to_date ${lastDay(month)} and group_by "type"; then report total income, total expenses (net, tax, gross) and the result, the three largest expense types, and anything unusual. Amounts are exact decimal strings: do not round them.`,
        ),
    );

  if (has('create_expense'))
    mcp.registerPrompt(
      'expense_from_receipt',
      {
        title: 'Record an expense from a receipt',
        description: "Turn a receipt's text into an expense, checking every id first.",
        argsSchema: args.expenseFromReceipt,
      },
      ({ business, receipt }) =>
        user(
          `Record this receipt as an expense.${on(business)}\n\nReceipt:\n${receipt}\n\nSteps: read date (YYYY-MM-DD), supplier, net and tax amounts (decimal strings) from the receipt. Find the supplier with list_contacts (search); find the expense type with list_reference kind "expense_types" and the bank account with list_bank_accounts. Call create_expense with dry_run: true, show me the result, and only after I agree call it again without dry_run.`,
        ),
    );

  if (has('list_contacts'))
    mcp.registerPrompt(
      'find_contact',
      {
        title: 'Find a contact before creating one',
        description: 'Search for a contact by name, company or email, and create it only if none matches.',
        argsSchema: args.findContact,
      },
      ({ business, name }) =>
        user(
          `Find the contact "${name}".${on(business)} Call list_contacts with search "${name}" (and with email when it looks like an email). If one matches, show it. If several match, list them and ask me which. Only if none matches${has('create_contact') ? ', offer to create it with create_contact (dry_run first)' : ', say so'}.`,
        ),
    );
}

/** The prompts' argument schemas for a set of business names. */
function promptArgumentsOf(names: readonly string[]) {
  const several = names.length > 1;
  const businessArg = () =>
    several
      ? completable(z.string().describe(`Which business: ${names.join(', ')}.`), (value) =>
          names.filter((name) => name.startsWith(value ?? '')),
        )
      : completable(z.string().describe('Optional: the only business.'), (value) =>
          names.filter((name) => name.startsWith(value ?? '')),
        ).optional();
  return {
    monthlySummary: z.object({
      business: businessArg(),
      month: completable(
        z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
          .describe('The month, YYYY-MM.'),
        (value) => recentMonths(new Date(), 12).filter((m) => m.startsWith(value ?? '')),
      ),
    }),
    expenseFromReceipt: z.object({
      business: businessArg(),
      receipt: z.string().max(5000).describe("The receipt's text."),
    }),
    findContact: z.object({
      business: businessArg(),
      name: z.string().max(100).describe('Name, company or email to look for.'),
    }),
  };
}

/**
 * Built once per set of business names and shared by every server with those names: building zod
 * schemas is most of what building a server costs, and the remote server builds one per request.
 * Kept for the last few sets only (a remote server's grants mostly share the names `de` and `pt`).
 */
const promptArgumentCache = new Map<string, ReturnType<typeof promptArgumentsOf>>();

function promptArguments(names: readonly string[]): ReturnType<typeof promptArgumentsOf> {
  const key = JSON.stringify(names);
  let found = promptArgumentCache.get(key);
  if (!found) {
    if (promptArgumentCache.size >= 16) promptArgumentCache.clear();
    found = promptArgumentsOf(names);
    promptArgumentCache.set(key, found);
  }
  return found;
}
