// A form rendered on the server and hydrated in the browser (docs/adr/0012-first-paint.md).
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * Whether a render may read what only this browser knows (this tab's stored answers, a host
 * page's preset, the window's width). False on the server and in the render that hydrates the
 * server's HTML, so that render equals the server's; React renders again at once with true
 * (useSyncExternalStore's server snapshot), and a component mounted later gets true at once.
 */
export const useBrowserState = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );

let holding = false;
const waiting = new Set<() => void>();
const watch = (notify: () => void) => {
  waiting.add(notify);
  return () => void waiting.delete(notify);
};

/**
 * Holds the controls that act on the answers (a step's continue button) off while the page
 * hydrates and what was typed before is made again; the returned function lets them go. A
 * continue before that would check answers the page does not have yet; and on the server's HTML
 * alone, the button would submit its form natively, to a reload.
 */
export function holdUntilReady(): () => void {
  holding = true;
  return () => {
    holding = false;
    for (const notify of waiting) notify();
  };
}

/** False on the server, while hydrating, and until `holdUntilReady`'s release; true on a page rendered in the browser. */
export const usePageReady = (): boolean =>
  useSyncExternalStore(
    watch,
    () => !holding,
    () => false,
  );
