import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's WCAG findings on the current page, one line a rule (its id, impact and the elements),
 * short enough to read in a failure. Only violations are collected in full (`resultTypes`): the
 * rules that pass are not listed node by node, which roughly halves what a screen costs to check.
 */
export async function axeFindings(
  page: Page,
  { exclude = [], seriousOnly = false }: { exclude?: string[]; seriousOnly?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
