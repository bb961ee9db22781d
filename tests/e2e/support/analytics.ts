// Every data-layer event of a journey, across its full page loads (the bank's redirect loads the
// app anew, and with it a new window.dataLayer): each page's dataLayer reports its pushes to
// the test as they happen.
import type { Page } from '@playwright/test';

export type Recorded = Array<Record<string, unknown>>;

export async function recordAnalytics(page: Page): Promise<Recorded> {
  const events: Recorded = [];
  await page.exposeBinding('__recordAnalytics', (_source, event: Record<string, unknown>) => void events.push(event));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const record = (window as unknown as { __recordAnalytics: (event: unknown) => void }).__recordAnalytics;
    layer.push = (...items: unknown[]) => {
      for (const item of items) record(JSON.parse(JSON.stringify(item)));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  return events;
}
