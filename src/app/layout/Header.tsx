import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { CUSTOMER_PATHS, LOGIN_PATH, useCustomerSession } from '../customer/session.tsx';
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

/**
 * Spec §2 "Header": a logged-in customer's menu, Lainahakemukset, Hae lainaa, Omat tiedot
 * and Kirjaudu ulos; a visitor gets 'Kirjaudu sisään' (the private pages would send them
 * there anyway); nothing while the session check runs. Links move within the app, so the
 * session the app knows is kept; /logout is an ordinary link. The current page is marked
 * (NavLink's aria-current="page"). At 640 px and narrower the customer's menu folds behind
 * 'Valikko'; Escape folds it and gives the button its focus back, following a link folds it.
 */
function CustomerMenu(): ReactNode {
  const { authenticated } = useCustomerSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const m = customerTexts.menu;

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (authenticated === null) return null;
  if (!authenticated) {
    return (
      <nav className="site-header__menu" aria-label={m.label}>
        <NavLink className="site-header__menu-link" to={LOGIN_PATH}>
          {m.login}
        </NavLink>
      </nav>
    );
  }
  const links: Array<[string, string]> = [
    [CUSTOMER_PATHS.applications, m.applications],
    [CUSTOMER_PATHS.apply, m.apply],
    [CUSTOMER_PATHS.details, m.details],
  ];
  return (
    <nav className={`site-header__menu site-header__menu--customer${open ? ' site-header__menu--open' : ''}`} aria-label={m.label}>
      <button type="button" ref={toggle} className="site-header__menu-toggle" aria-expanded={open} aria-controls={MENU_LIST_ID} onClick={() => setOpen((was) => !was)}>
        <span className="site-header__menu-icon" aria-hidden="true" />
        {m.toggle}
      </button>
      <ul id={MENU_LIST_ID} className="site-header__menu-list">
        {links.map(([to, text]) => (
          <li key={to}>
            <NavLink className="site-header__menu-link" to={to}>
              {text}
            </NavLink>
          </li>
        ))}
        <li>
          <a className="site-header__menu-link" href={CUSTOMER_PATHS.logout}>
            {m.logout}
          </a>
        </li>
      </ul>
    </nav>
  );
}

const MENU_LIST_ID = 'customer-menu';
