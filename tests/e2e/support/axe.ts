// axe-core with the WCAG 2.2 AA rule set the issue names; a failure lists each
// violation with the elements it found, so the report says what to fix.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** `within` limits the run to part of the page (one step) when the rest was checked already. */
export async function expectNoAxeViolations(page: Page, where: string, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (within) builder.include(within);
  const result = await builder.analyze();
  const found = result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`);
  expect(found, `axe on ${where}`).toEqual([]);
}
