// One cold load of a page on an emulated phone, in a fresh browser context (no cache, no
// storage): a 412×823 mobile viewport, the CPU slowed 4× and a 9 Mbit/s down, 1.5 Mbit/s
// up, 60 ms link (Chrome DevTools Protocol: Emulation.setCPUThrottlingRate,
// Network.emulateNetworkConditions).
// A load either watches (the paints: Chromium stops reporting the largest contentful paint
// at the first input, so these loads type nothing) or types: the probe (probe.ts) focuses
// the amount field as it appears and tells the benchmark, which types KEY into it at once,
// through the browser's input pipeline, so a key typed while the page's JavaScript runs
// waits for it, and a key typed before the JavaScript is there goes into the field as the
// browser shows it. Either way the load ends when the network has been quiet and the page
// has had SETTLE_MS more, so a late render that drops the key is seen.
import type { Browser } from 'playwright-core';
import { keyKept, probeScript, type ProbeResult } from './probe.ts';

export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2.625,
  cpuSlowdown: 4,
  latencyMs: 60,
  downloadBitsPerSecond: 9e6,
  uploadBitsPerSecond: 1.5e6,
};

/** The key typed: a digit, replacing the selected amount. */
export const KEY = '5';
const NOTIFY = '__phoneFieldFound';
const TIMEOUT_MS = 120_000;
/** After the load and a quiet network: time for a late render to replace the field's value. */
const SETTLE_MS = 1000;

export interface LoadResult extends ProbeResult {
  /** When the benchmark sent the key, ms from navigation start; null in a load that types nothing. */
  keySentAt: number | null;
  /** The key's value is what the field shows after the load (false in a load that types nothing). */
  keyKept: boolean;
  valueNow: string | null;
  /** Page errors and console errors, which make a figure suspect. */
  problems: string[];
}

export async function phoneLoad(browser: Browser, url: string, selector: string, { type }: { type: boolean }): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    let fieldFound!: () => void;
    const found = new Promise<void>((done) => (fieldFound = done));
    if (type) {
      // A DevTools binding rather than Playwright's exposeBinding: one message from the page to here, no more.
      cdp.on('Runtime.bindingCalled', (event) => void (event.name === NOTIFY && fieldFound()));
      await cdp.send('Runtime.enable');
      await cdp.send('Runtime.addBinding', { name: NOTIFY });
    }
    await page.addInitScript(probeScript(selector, type ? NOTIFY : undefined));

    const loaded = page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    let sentAt: number | null = null;
    if (type) {
      let timer: NodeJS.Timeout | undefined;
      const never = loaded.then(
        () =>
          new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new Error(`bench:phone: ${selector} never appeared on ${url} (${problems.join('; ')})`)), TIMEOUT_MS);
          }),
      );
      await Promise.race([found, never]).finally(() => clearTimeout(timer));
      sentAt = Date.now();
      // Straight to the browser's input pipeline (what page.keyboard.press does, without its layers).
      const key = { key: KEY, code: `Digit${KEY}`, windowsVirtualKeyCode: KEY.charCodeAt(0) };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: KEY });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    }
    await loaded;
    // The page may still be rendering after its load event (a busy machine, a lazy chunk): a load ends with the field there.
    await page.waitForFunction(() => window.__phone.fieldAt !== null, undefined, { timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    await page.waitForTimeout(SETTLE_MS);
    // A key the page dropped never paints; give a slow one its time, then read what there is.
    if (type) await page.waitForFunction(() => window.__phone.keyPaintedAt !== null, undefined, { timeout: 10_000 }).catch(() => undefined);
    const { probe, valueNow } = await page.evaluate((field) => {
      const element = document.querySelector(field) as HTMLInputElement | null;
      // The observers' callbacks come in tasks of their own, which may not have run yet: the timeline's own buffer has every entry now.
      // (No named functions in here: tsx would wrap them in a helper the page does not have.)
      const buffered: Record<string, PerformanceEntryList> = {};
      for (const type of ['paint', 'largest-contentful-paint']) {
        const observer = new PerformanceObserver(() => undefined);
        observer.observe({ type, buffered: true });
        buffered[type] = observer.takeRecords();
        observer.disconnect();
      }
      const fcp = buffered.paint.find((entry) => entry.name === 'first-contentful-paint')?.startTime;
      const lcp = buffered['largest-contentful-paint'].at(-1)?.startTime;
      const probe = { ...window.__phone, fcp: fcp ?? window.__phone.fcp, lcp: lcp ?? window.__phone.lcp };
      return { probe, valueNow: element ? element.value : null };
    }, selector);
    return {
      ...probe,
      keySentAt: sentAt === null ? null : sentAt - probe.timeOrigin,
      valueNow,
      keyKept: type && keyKept(probe.valueAfterKey, valueNow, KEY),
      problems,
    };
  } finally {
    await context.close();
  }
}
