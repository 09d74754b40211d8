import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The two widths every accessibility scan runs at: a 375 px phone and a desktop. */
export const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

/**
 * axe's serious and critical violations in `selector` (the whole page when omitted), as `id: targets`.
 *
 * Run the way that is cheap on a loaded machine, with the same violations:
 *   - legacy mode: axe runs in the page itself. The default opens a second, blank page per scan,
 *     injects axe-core (500 kB) there too and copies every partial result over to it; that is for
 *     cross-origin iframes, and no view of Need40 has an iframe.
 *   - resultTypes ['violations']: axe still runs every rule on every node, but builds selectors and
 *     HTML excerpts only for the violations (the passes, thousands of nodes on Home, are what cost).
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
