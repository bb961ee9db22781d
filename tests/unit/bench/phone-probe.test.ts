// The probe runs in the browser; here it runs in a context with just enough of one (the
// observers, a field, animation frames) to see that it records and reports what it should.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keyKept, probeScript } from '../../../tools/bench-phone/probe.ts';

function fakePage(notify?: string) {
  let now = 0;
  const observers: Record<string, (list: { getEntries(): unknown[] }) => void> = {};
  let mutated: (() => void) | undefined;
  const listeners: Record<string, (event: unknown) => void> = {};
  const frames: Array<() => void> = [];
  const field = { value: '15000', focused: false, selected: false, focus() { this.focused = true; }, select() { this.selected = true; }, matches: (s: string) => s === '#amount' };
  let fieldInDom = false;
  const notified: number[] = [];
  class Element {}
  Object.setPrototypeOf(field, Element.prototype);
  const window: Record<string, unknown> = {
    performance: { now: () => now, timeOrigin: 1_700_000_000_000 },
    PerformanceObserver: class {
      constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
      observe({ type }: { type: string }) {
        observers[type] = this.callback;
      }
    },
    MutationObserver: class {
      constructor(callback: () => void) {
        mutated = callback;
      }
      observe() {}
      disconnect() {
        mutated = undefined;
      }
    },
    document: { querySelector: (s: string) => (s === '#amount' && fieldInDom ? field : null) },
    addEventListener: (type: string, listener: (event: unknown) => void) => void (listeners[type] = listener),
    requestAnimationFrame: (callback: () => void) => void frames.push(callback),
    MessageChannel: class {
      port1: { onmessage?: () => void } = {};
      port2 = { postMessage: () => frames.push(() => this.port1.onmessage?.()) };
    },
    Element,
  };
  window.window = window;
  if (notify) window[notify] = () => notified.push(now);
  runInNewContext(probeScript('#amount', notify), window);
  const state = () => window.__phone as Record<string, unknown>;
  return {
    state,
    field,
    notified,
    at: (ms: number) => void (now = ms),
    paint: (type: string, entries: unknown[]) => observers[type]({ getEntries: () => entries }),
    insertOther: () => mutated?.(),
    insertField: () => {
      fieldInDom = true;
      mutated?.();
    },
    fire: (type: string, event: unknown) => listeners[type](event),
    runFrames: () => {
      while (frames.length) frames.shift()!();
    },
  };
}

describe('the bench:phone probe', () => {
  it('records first and largest contentful paint and sums long tasks', () => {
    const page = fakePage();
    page.paint('paint', [{ name: 'first-paint', startTime: 90 }, { name: 'first-contentful-paint', startTime: 100 }]);
    page.paint('largest-contentful-paint', [{ startTime: 100 }]);
    page.paint('largest-contentful-paint', [{ startTime: 250 }]);
    page.paint('longtask', [{ duration: 80 }, { duration: 200 }]);
    expect(page.state()).toMatchObject({ fcp: 100, lcp: 250, longTasks: 2, longTaskMs: 280, blockingMs: 180, timeOrigin: 1_700_000_000_000 });
  });

  it('records when the field is in the DOM; without a binding it only watches', () => {
    const page = fakePage();
    page.at(50);
    page.insertOther();
    expect(page.state().fieldAt).toBeNull();
    page.at(120);
    page.insertField();
    expect(page.state().fieldAt).toBe(120);
    expect(page.field.focused).toBe(false);
  });

  it('in a load that types, focuses and selects the field as it appears and calls the binding', () => {
    const page = fakePage('__found');
    page.at(300);
    page.insertField();
    expect(page.field).toMatchObject({ focused: true, selected: true });
    expect(page.notified).toEqual([300]);
  });

  it("times the key from the field's first input to the task after the next frame, with the value then", () => {
    const page = fakePage('__found');
    page.insertField();
    page.at(400);
    page.fire('keydown', { timeStamp: 398 });
    page.fire('input', { target: page.field });
    page.field.value = '5';
    page.at(430);
    page.runFrames();
    expect(page.state()).toMatchObject({ keyDownAt: 398, keyPaintedAt: 430, valueAfterKey: '5' });
    // A later key changes nothing.
    page.at(900);
    page.fire('keydown', { timeStamp: 899 });
    page.fire('input', { target: page.field });
    page.runFrames();
    expect(page.state()).toMatchObject({ keyDownAt: 398, keyPaintedAt: 430 });
  });
});

describe('keyKept', () => {
  it('holds when the key replaced the selected amount and the field still shows it after the load', () => {
    expect(keyKept('5', '5', '5')).toBe(true);
    expect(keyKept('5', '15000', '5')).toBe(false);
    expect(keyKept('15000', '15000', '5')).toBe(false);
    expect(keyKept(null, '15000', '5')).toBe(false);
    expect(keyKept('5', null, '5')).toBe(false);
    // Typed after the old amount instead of over it.
    expect(keyKept('150005', '150005', '5')).toBe(false);
  });
});
