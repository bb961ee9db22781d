// The frame of every page: skip link, site banners, header, main, footer. The header and footer
// are made once per brand, so a page that renders again as the applicant types
// (the application) does not render them again; in a frame or under a host page's
// preset they are left out (embedding.ts).
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { site } from '../messages/step.fi.ts';
import { hidesChrome, postHeightToParent } from './embedding.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SiteBanners } from './SiteBanners.tsx';
import { useBrowserState } from '../../../engine/react/hydration.ts';

export function PageShell({ brand, homeHref, children, skipTo = 'main' }: { brand: Brand; homeHref: string; children: ReactNode; skipTo?: string }): ReactNode {
  // The server cannot tell a frame or a host page's preset: it renders the chrome, which the browser drops after hydrating.
  const chromeless = useBrowserState() && hidesChrome();
  const header = useMemo(() => (chromeless ? null : <Header brand={brand} homeHref={homeHref} />), [brand, homeHref, chromeless]);
  const footer = useMemo(() => (chromeless ? null : <Footer brand={brand} />), [brand, chromeless]);
  useEffect(() => postHeightToParent(), []);
  return (
    <div className="page">
      <a className="skip-link" href={`#${skipTo}`}>
        {site.skipToForm}
      </a>
      <SiteBanners />
      {header}
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  );
}

/** A plain page with a heading, text and actions: placeholders, errors, not found. */
export function MessagePage({ brand, homeHref, title, children }: { brand: Brand; homeHref: string; title: string; children: ReactNode }): ReactNode {
  return (
    <PageShell brand={brand} homeHref={homeHref}>
      <div className="message-page">
        <h1 className="message-page__title">{title}</h1>
        {children}
      </div>
    </PageShell>
  );
}

/** A message page whose one way on is back to the product's start: missing details, not found. */
export function HomeNoticePage({ brand, homeHref, title, body, action }: { brand: Brand; homeHref: string; title: string; body: string; action: string }): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={homeHref} title={title}>
      <p>{body}</p>
      <p>
        <a className="lv-button lv-button--primary" href={homeHref}>
          {action}
        </a>
      </p>
    </MessagePage>
  );
}
