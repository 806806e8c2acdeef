// The three MCP Apps cards against WCAG 2.1 A and AA, as a person using a keyboard, a screen reader or
// a narrow screen meets them: each card with results the real server made for a host that renders
// apps, in Debian Chromium, in the light and the dark colour scheme. axe-core finds no violation; the
// card reflows into 320 CSS pixels without a horizontal scroll; Tab reaches every button in order,
// each with a visible focus ring, and Enter presses it. A PNG of each card at 320 and 800 px is kept.
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useConnections } from './harness.js';
import type { OpenedCard } from './helpers/apps-host.js';
import { axeViolations } from './helpers/axe.js';
import { SCREENSHOTS, useCardBrowser } from './helpers/card-browser.js';
import { approvalCall, type CardCall, chartCall, reconciliationCall } from './helpers/card-results.js';

const connections = useConnections();

const cards = useCardBrowser();

interface CardCase {
  readonly name: string;
  /** The result, made once per file. */
  readonly make: () => Promise<CardCall>;
  /** What shows once the card has drawn its result. */
  readonly ready: string;
  /** The buttons Tab reaches, in order. */
  readonly buttons: readonly string[];
}

const CASES: readonly CardCase[] = [
  {
    name: 'approval',
    make: () => approvalCall(connections.de, 'de'),
    ready: 'button.approve',
    buttons: ['Approve', 'Cancel'],
  },
  { name: 'chart', make: () => chartCall(connections.pt, 'contact'), ready: 'svg.chart', buttons: [] },
  { name: 'reconciliation', make: () => reconciliationCall(connections.de), ready: 'ol.lines', buttons: [] },
];

const cancelled: CallToolResult = {
  content: [{ type: 'text', text: '{"status":"cancelled"}' }],
  structuredContent: { status: 'cancelled' },
};

/** Elements of the card's document that stick out to the right of its viewport. */
function overflowing(card: OpenedCard): Promise<{ scroll: number; client: number; wide: string[] }> {
  return card.card.locator('html').evaluate((html) => {
    const client = html.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (el) => !el.closest('.visually-hidden, caption') && el.getBoundingClientRect().right > client + 0.5,
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scroll: html.scrollWidth, client, wide };
  });
}

/** The card element that has the keyboard focus, by its text, with how its focus ring is drawn. */
async function focused(card: OpenedCard): Promise<{ text: string; outline: string } | undefined> {
  const frame = await card.frame();
  return frame.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || !document.hasFocus()) return undefined;
    const style = getComputedStyle(el);
    return { text: el.textContent ?? '', outline: `${style.outlineStyle} ${style.outlineWidth}` };
  });
}

describe.each(CASES)('$name card', (c) => {
  let made: CardCall;
  beforeAll(async () => {
    made = await c.make();
  }, 120_000);

  describe.each(['light', 'dark'] as const)('%s', (theme) => {
    it('has no WCAG 2.1 A/AA violation, reflows into 320 px, and is operable by keyboard', async () => {
      const card = await cards.host.open(cards.chromium, {
        ...made,
        theme,
        width: 320,
        onCallTool: async () => cancelled,
      });
      try {
        await card.card.locator(c.ready).first().waitFor();
        await card.settled();

        expect(await axeViolations(await card.frame())).toEqual([]);

        const layout = await overflowing(card);
        expect(layout.wide).toEqual([]);
        expect(layout.scroll).toBeLessThanOrEqual(layout.client);
        await card.screenshot(join(SCREENSHOTS, `a11y-${c.name}-${theme}-320.png`));

        // Into the card, then Tab: every button in order, each with a 2 px focus ring, then out.
        await card.card.locator('h1').click();
        const reached: string[] = [];
        for (let i = 0; i <= c.buttons.length; i++) {
          await card.page.keyboard.press('Tab');
          const now = await focused(card);
          if (!now) break;
          expect(now.outline, now.text).toMatch(/^(solid|auto) [2-9]/);
          reached.push(now.text);
        }
        expect(reached).toEqual(c.buttons);
        if (c.buttons.length > 0) {
          // Shift+Tab back to the last button, and Enter presses it.
          await card.page.keyboard.press('Shift+Tab');
          expect((await focused(card))?.text).toBe(c.buttons.at(-1));
          await card.page.keyboard.press('Enter');
          await expect.poll(() => card.calls.length).toBe(1);
          expect(card.calls[0]?.arguments?.decision).toBe('cancel');
        }

        await card.resize(800);
        await card.settled();
        expect((await overflowing(card)).wide).toEqual([]);
        await card.screenshot(join(SCREENSHOTS, `a11y-${c.name}-${theme}-800.png`));
        expect(await axeViolations(await card.frame())).toEqual([]);
        expect(card.foreignRequests()).toEqual([]);
        expect(card.problems).toEqual([]);
      } finally {
        await card.close();
      }
    }, 120_000);
  });
});
