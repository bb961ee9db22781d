import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { useCustomerSession } from '../customer/session.tsx';
import { customerTexts, site } from '../messages.fi.ts';
import { LockIcon, PhoneIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';

export function Header({ brand, homeHref }: { brand: Brand; homeHref: string }): ReactNode {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__home" href={homeHref}>
          <Logo brand={brand.id} name={brand.name} />
        </a>
        <p className="site-header__tagline">{brand.tagline}</p>
        <div className="site-header__meta">
          <span className="site-header__secure">
            <LockIcon />
            {site.secure}
          </span>
          <a className="site-header__phone" href={site.support.phoneHref}>
            <PhoneIcon />
            <span>
              <span className="site-header__phone-label">
                {site.support.label} {site.support.hours}
              </span>
              <strong>{site.support.phone}</strong>
            </span>
          </a>
        </div>
      </div>
      <CustomerMenu />
    </header>
  );
}

/** Spec §2: the customer's pages and, only when logged in, 'Kirjaudu ulos'. */
function CustomerMenu(): ReactNode {
  const { authenticated } = useCustomerSession();
  if (!authenticated) return null;
  const m = customerTexts.menu;
  return (
    <nav className="site-header__menu" aria-label={m.label}>
      <a href="/lainahakemukset">{m.applications}</a>
      <a href="/logout">{m.logout}</a>
    </nav>
  );
}
