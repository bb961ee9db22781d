// The later steps' validators come as their own chunks (engine/build/vite-plugin-forms.ts:
// `vaihe<n>`). A page that shows answers of a later step waits for them; holding them back
// makes that wait observable.
import type { Page } from '@playwright/test';

export interface HeldParts {
  /** Settles once the page has asked for one of them. */
  asked: Promise<void>;
  release(): void;
}

/** Holds every later step's validator chunk until released (routing also bypasses the HTTP cache). */
export async function holdLaterParts(page: Page): Promise<HeldParts> {
  let release!: () => void;
  let ask!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(/\/assets\/vaihe\d+[^/]*\.js$/, async (route) => {
    ask();
    await held;
    await route.continue();
  });
  return { asked, release };
}
