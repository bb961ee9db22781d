import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { site } from '../messages.fi.ts';
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
    </header>
  );
}
