// Keystroke to next paint, measured in the page: from the keydown event's time stamp
// (when the key reached the page, queueing included) to the task after the next
// animation frame, which runs once that frame's style, layout and paint are done.
// Keys alternate between a letter (a zero in an amount) and Backspace, so the field's value changes with
// every key and stays within its maximum length however many keys are typed.
import type { Page } from 'playwright-core';

/** Installed before the page's own scripts. */
export const PROBE = `(() => {
  const state = { start: null, samples: [] };
  window.__keys = state;
  const waiting = [];
  state.wait = (count) => new Promise((resolve) => {
    const check = () => (state.samples.length >= count ? resolve() : waiting.push(check));
    check();
  });
  addEventListener('keydown', (event) => { state.start = event.timeStamp; }, true);
  addEventListener('input', () => {
    const start = state.start;
    if (start === null) return;
    state.start = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.samples.push(performance.now() - start);
        for (const check of waiting.splice(0)) check();
      };
      channel.port2.postMessage(null);
    });
  }, true);
})();`;

declare global {
  interface Window {
    __keys: { samples: number[]; wait(count: number): Promise<void> };
  }
}

const KEY_TIMEOUT_MS = 5000;
/** Between keys: about ten keys a second, a fast typist's pace. */
const PAUSE_MS = 100;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Types `count` keys (`key` and Backspace in turn) into the control `selector` and returns each key's milliseconds to the next paint. */
export async function typeAndMeasure(page: Page, selector: string, count: number, key = 'a'): Promise<number[]> {
  await page.bringToFront();
  await page.focus(selector);
  await page.keyboard.press('End');
  const first = await page.evaluate(() => window.__keys.samples.length);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(i % 2 === 0 ? key : 'Backspace');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`bench:keys: key ${i + 1} into ${selector} changed nothing (no input event within ${KEY_TIMEOUT_MS} ms)`)), KEY_TIMEOUT_MS);
    });
    try {
      await Promise.race([page.evaluate((n) => window.__keys.wait(n), first + i + 1), timeout]);
    } finally {
      clearTimeout(timer);
    }
    await sleep(PAUSE_MS);
  }
  return page.evaluate((from) => window.__keys.samples.slice(from), first);
}
