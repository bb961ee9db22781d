// The script bench:phone installs in each page before the page's own (Playwright's
// addInitScript runs it as the document is created, which the pages' Content Security
// Policy does not stop). Everything is in ms from navigation start (performance.now()).
// - FCP and LCP from buffered PerformanceObservers. Chromium stops reporting LCP at the
//   first input: the paints are taken from loads in which nothing is typed, the key from
//   loads of their own (phone-load.ts).
// - The amount field in the DOM: a MutationObserver on the document from its first node
//   on, so a field in the served HTML counts from when the parser inserts it, and one
//   rendered by JavaScript from when the script does.
// - In a load that types, as soon as the field exists the probe focuses it and selects its
//   text (a tap on the field), and calls the DevTools binding `notify` so the benchmark
//   types a key at once.
// - The key painted: the field's first input event, then the task after the next animation
//   frame (its style, layout and paint done), as tools/bench-keys/keystrokes.ts measures.
//   The value right then is kept, to check after the load that the page still shows it.
// - Long tasks: count and total, and the time over 50 ms of each (blocking time).

export interface ProbeResult {
  /** The page's performance.timeOrigin (ms since the epoch), to place times taken outside the page. */
  timeOrigin: number;
  fcp: number | null;
  lcp: number | null;
  fieldAt: number | null;
  keyDownAt: number | null;
  keyPaintedAt: number | null;
  valueAfterKey: string | null;
  longTasks: number;
  longTaskMs: number;
  blockingMs: number;
}

declare global {
  interface Window {
    __phone: ProbeResult;
  }
}

/**
 * The probe for the field `selector`. With `notify`, it focuses the field as it appears and
 * calls `window[notify]()`; without, it only watches (a load for the paints, no key typed).
 */
export function probeScript(selector: string, notify?: string): string {
  return `(() => {
  const state = { timeOrigin: performance.timeOrigin, fcp: null, lcp: null, fieldAt: null, keyDownAt: null, keyPaintedAt: null, valueAfterKey: null, longTasks: 0, longTaskMs: 0, blockingMs: 0 };
  Object.defineProperty(window, '__phone', { value: state });
  const selector = ${JSON.stringify(selector)};
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch {}
  };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { state.lcp = entry.startTime; });
  observe('longtask', (entry) => {
    state.longTasks += 1;
    state.longTaskMs += entry.duration;
    state.blockingMs += Math.max(0, entry.duration - 50);
  });
  const found = () => {
    const field = document.querySelector(selector);
    if (!field) return false;
    state.fieldAt = performance.now();
    const notify = ${JSON.stringify(notify ?? null)};
    if (notify === null) return true;
    field.focus();
    if (typeof field.select === 'function') field.select();
    const call = window[notify];
    // A DevTools binding takes exactly one string.
    if (typeof call === 'function') call('');
    return true;
  };
  const watcher = new MutationObserver(() => { if (state.fieldAt === null && found()) watcher.disconnect(); });
  watcher.observe(document, { childList: true, subtree: true });
  addEventListener('keydown', (event) => { if (state.keyDownAt === null) state.keyDownAt = event.timeStamp; }, true);
  addEventListener('input', (event) => {
    const field = event.target;
    if (state.keyPaintedAt !== null || !(field instanceof Element) || !field.matches(selector)) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (state.keyPaintedAt !== null) return;
        state.keyPaintedAt = performance.now();
        state.valueAfterKey = field.value;
      };
      channel.port2.postMessage(null);
    });
  }, true);
})();`;
}

/**
 * Does the page still show the key: the field's text was selected, so the key replaced it;
 * the field held `expected` when the key painted, and the field in the DOM after the load
 * holds it too (a render that puts the old value back, or a new field, loses the key).
 */
export function keyKept(valueAfterKey: string | null, valueNow: string | null, expected: string): boolean {
  return valueAfterKey === expected && valueNow === expected;
}
