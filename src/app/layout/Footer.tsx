import type { ReactNode } from 'react';
import { fillPlaceholders } from '../../../engine/core/content.ts';
import type { Brand } from '../brands.ts';
import { contentPagePath, site as content, valuesFor } from '../legal/legal-pages.ts';
import { site } from '../messages/step.fi.ts';
import { fill } from '../text.ts';
import { CUSTOMER_SERVICE_ID } from './Header.tsx';
import { Logo } from './Logo.tsx';

// The company text, address and the links to the legal pages are content (forms/content/site.json).
export function Footer({ brand }: { brand: Brand }): ReactNode {
  const values = valuesFor(brand);
  const { footer } = content;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo brand={brand.id} name={brand.name} />
          <p>{site.footerNote}</p>
          <p>{fillPlaceholders(footer.description, values)}</p>
        </div>
        <div className="site-footer__contact" id={CUSTOMER_SERVICE_ID}>
          <h2 className="site-footer__heading">{site.support.label}</h2>
          <p>
            {site.support.hours}
            <br />
            <a href={site.support.phoneHref}>{site.support.phoneText}</a>
            <br />
            <a href={`mailto:${fill(site.support.email, { domain: brand.domain })}`}>{fill(site.support.email, { domain: brand.domain })}</a>
          </p>
          <p>{fillPlaceholders(footer.address, values)}</p>
        </div>
        <nav className="site-footer__links" aria-labelledby="site-footer-links">
          <h2 id="site-footer-links" className="site-footer__heading">{footer.linksTitle}</h2>
          <ul>
            {footer.links.map((link) => (
              <li key={link.page}>
                <a href={contentPagePath(link.page)}>{link.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p>{site.footerLegal}</p>
        <p>{fill(site.copyright, { year: new Date().getFullYear(), brand: brand.name })}</p>
      </div>
    </footer>
  );
}
