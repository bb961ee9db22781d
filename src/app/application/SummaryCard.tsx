// The summary panel's frame: beside the form on wide screens, always open; below
// the form on narrow ones, closed until the applicant opens it, so the page does
// not end in a long list they have just typed.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { summaryPanel } from '../messages/step.fi.ts';

const WIDE = '(min-width: 62rem)';

/**
 * One query for the page, its answer kept: the card renders on every keystroke, and
 * asking the browser again each time (a new query, or `matches`) costs time there.
 */
let wideQuery: MediaQueryList | undefined;
let wideNow = false;
function wideMedia(): MediaQueryList {
  if (wideQuery === undefined) {
    wideQuery = window.matchMedia(WIDE);
    wideNow = wideQuery.matches;
    wideQuery.addEventListener('change', (event) => {
      wideNow = event.matches;
    });
  }
  return wideQuery;
}

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = wideMedia();
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => (wideMedia(), wideNow),
    // The server, and the browser hydrating its page, take the phone's layout (issue 31 goal 1).
    () => false,
  );
}

/** The sticky column's margin above and below it in the window (app.css: `top`/`bottom: 1rem`). */
const STICKY_MARGIN_REM = 1;

/**
 * Whether the column around the card (the page's aside: the card, the promo box and the
 * support line) is taller than the window. A taller column must not stick to the top,
 * where its end would stay below the window for good; app.css then sticks it by its
 * bottom edge instead, so scrolling the page brings every part of it into view.
 */
function useTallerThanWindow(card: RefObject<HTMLElement | null>, wide: boolean): boolean {
  const [taller, setTaller] = useState(false);
  useLayoutEffect(() => {
    const column = card.current?.parentElement;
    if (!wide || !column) {
      setTaller(false);
      return;
    }
    const measure = () => {
      const margin = STICKY_MARGIN_REM * parseFloat(getComputedStyle(document.documentElement).fontSize);
      setTaller(column.getBoundingClientRect().height + 2 * margin > window.innerHeight);
    };
    measure();
    // The column grows with each step's summary section.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(column);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [card, wide]);
  return taller;
}

export function SummaryCard({ children, sections }: { children: ReactNode; sections: number }): ReactNode {
  const wide = useWide();
  const card = useRef<HTMLElement>(null);
  const tall = useTallerThanWindow(card, wide);
  const [open, setOpen] = useState(false);
  // Nothing to hide before the first section exists.
  useEffect(() => {
    if (sections === 0) setOpen(false);
  }, [sections]);
  const collapsible = !wide && sections > 0;
  return (
    <section ref={card} className="summary-card" aria-labelledby="summary-panel-title" data-column-taller-than-window={tall || undefined}>
      <div className="summary-card__head">
        <h2 id="summary-panel-title" className="summary-card__title">
          {summaryPanel.title}
        </h2>
        {collapsible && (
          <button type="button" className="lv-button lv-button--secondary summary-card__toggle" aria-expanded={open} aria-controls="summary-panel-body" onClick={() => setOpen(!open)}>
            {open ? summaryPanel.hide : summaryPanel.show}
          </button>
        )}
      </div>
      <div id="summary-panel-body" hidden={collapsible && !open}>
        {children}
      </div>
    </section>
  );
}
