import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { site } from '../messages.fi.ts';
import { fill } from '../text.ts';
import { Logo } from './Logo.tsx';

export function Footer({ brand }: { brand: Brand }): ReactNode {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo brand={brand.id} name={brand.name} />
          <p>{site.footerNote}</p>
        </div>
        <div className="site-footer__contact">
          <h2 className="site-footer__heading">{site.support.label}</h2>
          <p>
            {site.support.hours}
            <br />
            <a href={site.support.phoneHref}>{site.support.phoneText}</a>
            <br />
            <a href={`mailto:${fill(site.support.email, { domain: brand.domain })}`}>{fill(site.support.email, { domain: brand.domain })}</a>
          </p>
        </div>
      </div>
      <div className="site-footer__legal">
        <p>{site.footerLegal}</p>
        <p>{fill(site.copyright, { year: new Date().getFullYear(), brand: brand.name })}</p>
      </div>
    </footer>
  );
}
