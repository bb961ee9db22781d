// The frame of every page: skip link, header, main, footer.
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { site } from '../messages.fi.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function PageShell({ brand, homeHref, children, skipTo = 'main' }: { brand: Brand; homeHref: string; children: ReactNode; skipTo?: string }): ReactNode {
  return (
    <div className="page">
      <a className="skip-link" href={`#${skipTo}`}>
        {site.skipToForm}
      </a>
      <Header brand={brand} homeHref={homeHref} />
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      <Footer brand={brand} />
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
