import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The two widths every accessibility scan runs at: a 375 px phone and a desktop. */
export const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** axe's serious and critical violations in `selector` (the whole page when omitted), as `id: targets`. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
