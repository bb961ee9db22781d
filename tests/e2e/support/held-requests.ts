// Holding a request back makes what a page shows while it waits observable: the request goes
// on only when the test releases it (routing also bypasses the HTTP cache).
import type { Page } from '@playwright/test';

export interface HeldRequests {
  /** Settles once the page has asked for the first of them. */
  asked: Promise<void>;
  /** How many the page has asked for so far. */
  readonly count: number;
  /** Lets every held request, and any later one, go on. */
  release(): void;
}

/** Holds every request to `url` (a glob or a pattern, as `page.route` takes it) until released. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release!: () => void;
  let ask!: () => void;
  let count = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(url, async (route) => {
    count += 1;
    ask();
    await held;
    await route.continue();
  });
  return {
    asked,
    get count() {
      return count;
    },
    release,
  };
}

/**
 * The later steps' validators come as their own chunks (engine/build/vite-plugin-forms.ts:
 * `vaihe<n>`); a page that shows answers of a later step waits for them. Holds every one.
 */
export const holdLaterParts = (page: Page): Promise<HeldRequests> => holdRequests(page, /\/assets\/vaihe\d+[^/]*\.js$/);
