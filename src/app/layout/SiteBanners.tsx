// The site banners' strip on top of every page (marketplace spec §2; issue 28 item 3): the
// banners the API answers for this page, each closable and remembered closed by its id. A
// landmark of its own ('Tiedotteet'); a critical banner is announced at once (alert), the
// others politely (status). Escape on a banner closes it; the focus then moves on to the next
// banner's close button, or to the page's main content, never lost to the document.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LinkedText } from '../../../engine/react/LinkedText.tsx';
import { bannerTexts as t } from '../messages/step.fi.ts';
import { dismissedBanners, fetchSiteBanners, rememberDismissed, type SiteBanner } from './site-banners-api.ts';

export function SiteBanners(): ReactNode {
  const [banners, setBanners] = useState<SiteBanner[]>([]);
  const [dismissed, setDismissed] = useState(dismissedBanners);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    let current = true;
    // The page it first shows on: a page's shell stays as its steps change (one application).
    void fetchSiteBanners(window.location.pathname).then((answer) => current && setBanners(answer));
    return () => {
      current = false;
    };
  }, []);

  const shown = banners.filter((banner) => !dismissed.has(banner.id));
  if (shown.length === 0) return null;

  function dismiss(id: string, byKeyboard: boolean) {
    rememberDismissed(id);
    setDismissed((before) => new Set(before).add(id));
    if (!byKeyboard) return;
    const buttons = [...(region.current?.querySelectorAll<HTMLButtonElement>('button[data-banner]') ?? [])];
    const next = buttons.find((button) => button.dataset.banner !== id);
    if (next) next.focus();
    else document.getElementById('main')?.focus();
  }

  const onKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    dismiss(id, true);
  };

  return (
    <section ref={region} className="site-banners" aria-label={t.region}>
      {shown.map((banner) => (
        <div key={banner.id} className={`site-banner site-banner--${banner.severity}`} onKeyDown={onKeyDown(banner.id)}>
          <p className="site-banner__text" role={banner.severity === 'critical' ? 'alert' : 'status'} id={`banner-${banner.id}`}>
            <span className="lv-visually-hidden">{t.severity[banner.severity]}: </span>
            <LinkedText text={banner.text} />
            {banner.link && (
              <>
                {' '}
                <a className="site-banner__link" href={banner.link.href}>
                  {banner.link.text}
                </a>
              </>
            )}
          </p>
          <button
            type="button"
            className="site-banner__close"
            data-banner={banner.id}
            aria-label={t.dismiss}
            aria-describedby={`banner-${banner.id}`}
            onClick={(event) => dismiss(banner.id, event.detail === 0)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
