// What the chart card reads from a `summarize_transactions` result. Amounts stay the decimal strings
// the tool returned; numbers are made from them only to size the bars.
import { isObject } from './tool-result.js';

/** Count and exact sums of one flow (expenses or incomes). */
export interface FlowTotals {
  readonly count: number;
  readonly net: string;
  readonly tax: string;
  readonly gross: string;
}

/** One group of the summary: a month, a type or a contact. */
export interface TotalsGroup {
  readonly key: string;
  readonly label: string;
  readonly expenses: FlowTotals;
  readonly incomes: FlowTotals;
}

/** The summary the chart shows. */
export interface Totals {
  readonly groups: readonly TotalsGroup[];
  readonly totals: { readonly expenses: FlowTotals; readonly incomes: FlowTotals };
  readonly fromDate: string | undefined;
  readonly toDate: string | undefined;
  readonly groupBy: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function flowTotals(value: unknown): FlowTotals | undefined {
  if (!isObject(value)) return undefined;
  const { count, net, tax, gross } = value;
  if (typeof count !== 'number' || typeof net !== 'string' || typeof tax !== 'string') return undefined;
  if (typeof gross !== 'string') return undefined;
  return { count, net, tax, gross };
}

function group(value: unknown): TotalsGroup | undefined {
  if (!isObject(value)) return undefined;
  const expenses = flowTotals(value.expenses);
  const incomes = flowTotals(value.incomes);
  const key = text(value.key);
  if (!expenses || !incomes || key === undefined) return undefined;
  return { key, label: text(value.label) ?? key, expenses, incomes };
}

/**
 * Reads the structured content of a `summarize_transactions` result; `undefined` when it does not
 * have the summary's shape.
 *
 * @param content - the result's `structuredContent`.
 * @param input - the tool's arguments, for the period when the result does not repeat it.
 */
export function readTotals(
  content: unknown,
  input: Readonly<Record<string, unknown>> = {},
): Totals | undefined {
  if (!isObject(content) || !Array.isArray(content.groups) || !isObject(content.totals)) return undefined;
  const groups = content.groups.map(group);
  const expenses = flowTotals(content.totals.expenses);
  const incomes = flowTotals(content.totals.incomes);
  if (!expenses || !incomes || groups.some((g) => g === undefined)) return undefined;
  return {
    groups: groups as TotalsGroup[],
    totals: { expenses, incomes },
    fromDate: text(content.from_date) ?? text(input.from_date),
    toDate: text(content.to_date) ?? text(input.to_date),
    groupBy: text(content.group_by) ?? text(input.group_by),
  };
}

/**
 * A decimal string as a number, for sizing a bar only (never shown); 0 for anything else.
 *
 * @param amount - a decimal string such as `"119.00"`.
 */
export function magnitude(amount: string): number {
  const value = Math.abs(Number(amount));
  return Number.isFinite(value) ? value : 0;
}

/**
 * The groups the chart draws: all of them up to `limit`, else the `limit` largest (by the larger of
 * the two gross sums), kept in the summary's order.
 *
 * @param groups - the summary's groups.
 * @param limit - how many bars pairs fit; the totals still count every group.
 */
export function chartGroups(groups: readonly TotalsGroup[], limit: number): readonly TotalsGroup[] {
  if (groups.length <= limit) return groups;
  const size = (g: TotalsGroup): number => Math.max(magnitude(g.expenses.gross), magnitude(g.incomes.gross));
  const largest = new Set([...groups].sort((a, b) => size(b) - size(a)).slice(0, limit));
  return groups.filter((g) => largest.has(g));
}
