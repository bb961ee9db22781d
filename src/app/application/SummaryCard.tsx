// The summary panel's frame: beside the form on wide screens, always open; below
// the form on narrow ones, closed until the applicant opens it, so the page does
// not end in a long list they have just typed.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { summaryPanel } from '../messages.fi.ts';

const WIDE = '(min-width: 62rem)';

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

export function SummaryCard({ children, sections }: { children: ReactNode; sections: number }): ReactNode {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  // Nothing to hide before the first section exists.
  useEffect(() => {
    if (sections === 0) setOpen(false);
  }, [sections]);
  const collapsible = !wide && sections > 0;
  return (
    <section className="summary-card" aria-labelledby="summary-panel-title">
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
