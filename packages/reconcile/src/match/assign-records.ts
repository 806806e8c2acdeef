import type { RankedCandidate } from './line-candidates.js';

/** What the assignment decided for one line; lines it leaves out are unmatched. */
export type Assignment =
  | { readonly status: 'matched'; readonly candidate: RankedCandidate }
  | {
      readonly status: 'ambiguous';
      readonly reason: 'records_tie' | 'lines_tie';
      readonly candidates: readonly RankedCandidate[];
    };

const TIERS = [4, 3, 2, 1] as const;

/**
 * Gives each record to at most one line, strongest evidence first, then closest date, never by
 * guessing. Tier by tier (reference, counterparty, history, amount and date), each open line wants its
 * candidates of that tier that no line holds: for evidence tiers only those at its smallest date
 * distance, for `amount_date` all of them (another record of the same amount in the window competes).
 * A line wanting one record gets it unless other lines want only it too: then the closest in date
 * wins, and lines equally close are all ambiguous (`lines_tie`). Lines still wanting several records
 * when nothing moves are ambiguous (`records_tie`), and the records they name are held back from
 * weaker matches of other lines. A line that loses every candidate of a tier tries the next one.
 *
 * The result depends on the sets only, not on the order of lines or records.
 */
export function assignRecords(candidates: readonly (readonly RankedCandidate[])[]): Map<number, Assignment> {
  const decided = new Map<number, Assignment>();
  const taken = new Set<string>();
  const lost = new Set<string>(); // `line|record` pairs a line lost to a closer line
  for (const tier of TIERS) {
    for (;;) {
      const wants = new Map<number, RankedCandidate[]>();
      candidates.forEach((all, line) => {
        if (decided.has(line)) return;
        let open = all.filter((c) => c.tier === tier && !taken.has(c.key) && !lost.has(`${line}|${c.key}`));
        if (open.length === 0) return;
        if (tier > 1) {
          const nearest = Math.min(...open.map((c) => c.days));
          open = open.filter((c) => c.days === nearest);
        }
        wants.set(line, open);
      });
      const single = new Map<string, number[]>();
      for (const [line, open] of wants)
        if (open.length === 1 && open[0]) single.set(open[0].key, [...(single.get(open[0].key) ?? []), line]);
      if (single.size === 0) {
        for (const [line, open] of wants) {
          decided.set(line, { status: 'ambiguous', reason: 'records_tie', candidates: open });
          for (const c of open) taken.add(c.key);
        }
        break;
      }
      for (const [key, lines] of single) {
        const days = (line: number): number => wants.get(line)?.[0]?.days ?? Number.POSITIVE_INFINITY;
        const nearest = Math.min(...lines.map(days));
        const winners = lines.filter((l) => days(l) === nearest);
        for (const l of lines) if (days(l) !== nearest) lost.add(`${l}|${key}`);
        taken.add(key);
        for (const l of winners) {
          const candidate = wants.get(l)?.[0];
          if (!candidate) continue;
          decided.set(
            l,
            winners.length === 1
              ? { status: 'matched', candidate }
              : { status: 'ambiguous', reason: 'lines_tie', candidates: [candidate] },
          );
        }
      }
    }
  }
  return decided;
}
