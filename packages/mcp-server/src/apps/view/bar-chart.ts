// The chart card's bars, drawn as inline SVG at the width the card has: per group its label, then an
// expenses bar and an incomes bar (gross), each followed by its exact amount.
import { type CardLocale, money } from './card-locale.js';
import { s } from './dom.js';
import { magnitude, type TotalsGroup } from './totals-data.js';

const LABEL_HEIGHT = 16;
const BAR_HEIGHT = 13;
const BAR_GAP = 3;
const GROUP_GAP = 12;
const GROUP_HEIGHT = LABEL_HEIGHT + 2 * BAR_HEIGHT + BAR_GAP + GROUP_GAP;
/** Room right of the longest bar for its amount (up to about 15 characters at 11 px, `-12.345,67 €`). */
const VALUE_ROOM = 96;
/** About how wide one label character is at 12 px, to shorten labels that would not fit. */
const LABEL_CHAR_WIDTH = 7;

const FLOWS = [
  { flow: 'expenses', name: 'Expenses' },
  { flow: 'incomes', name: 'Incomes' },
] as const;

function shorten(label: string, width: number): string {
  const room = Math.max(8, Math.floor(width / LABEL_CHAR_WIDTH));
  return label.length <= room ? label : `${label.slice(0, room - 1)}…`;
}

/**
 * Draws the bars of `groups` for a card `width` pixels wide; bar lengths are proportional to the
 * larger gross sum of any group shown. The drawing is hidden from screen readers: the card gives the
 * same values as a table ({@link TotalsGroup} per row) for them.
 *
 * @param groups - the groups to draw, in order, labelled as the card shows them.
 * @param width - the width to draw at, in CSS pixels.
 * @param locale - the business's locale and currency, for the amounts.
 */
export function barChart(groups: readonly TotalsGroup[], width: number, locale: CardLocale): SVGSVGElement {
  const height = Math.max(GROUP_HEIGHT * groups.length - GROUP_GAP, 0);
  const largest = Math.max(
    0,
    ...groups.flatMap((g) => [magnitude(g.expenses.gross), magnitude(g.incomes.gross)]),
  );
  const room = Math.max(width - VALUE_ROOM, 40);
  const svg = s('svg', {
    class: 'chart',
    width: String(width),
    height: String(height),
    viewBox: `0 0 ${width} ${height}`,
    'aria-hidden': 'true',
    focusable: 'false',
  });
  groups.forEach((group, index) => {
    const top = index * GROUP_HEIGHT;
    svg.append(
      s(
        'g',
        {},
        s('title', {}, group.label),
        s('text', { class: 'label', x: '0', y: String(top + 12) }, shorten(group.label, width)),
      ),
    );
    FLOWS.forEach(({ flow, name }, row) => {
      const amount = group[flow].gross;
      const shown = money(amount, locale);
      const y = top + LABEL_HEIGHT + row * (BAR_HEIGHT + BAR_GAP);
      const length = largest === 0 ? 0 : (magnitude(amount) / largest) * room;
      const bar = s('rect', {
        class: `bar bar-${flow}`,
        x: '0',
        y: String(y),
        width: length.toFixed(1),
        height: String(BAR_HEIGHT),
        rx: '2',
        'data-group': group.key,
        'data-flow': flow,
        'data-gross': amount,
      });
      bar.append(s('title', {}, `${group.label}: ${name} gross ${shown} (${group[flow].count})`));
      svg.append(
        bar,
        s('text', { class: `value value-${flow}`, x: (length + 5).toFixed(1), y: String(y + 10.5) }, shown),
      );
    });
  });
  return svg;
}
