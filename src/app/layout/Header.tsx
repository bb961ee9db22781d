import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { productAtPath, productIds } from '../catalogue.ts';
import { CUSTOMER_PATHS, LOGIN_PATH, useCustomerSession } from '../customer/session.tsx';
import { customerMenu, headerTexts, site } from '../messages/step.fi.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { LockIcon, PhoneIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';

type View = keyof typeof headerTexts.titles;
const isView = (value: string | null): value is View => value !== null && Object.hasOwn(headerTexts.titles, value);

/**
 * Spec §2 "Header": the title by `?view=` (kulutusluotto, asuntolaina, yritysluotto,
 * yhdistelylaina, asiakaspalvelu); without one, the product page's own, else kulutusluotto.
 */
export function headerTitle(pathname: string, search: string): string {
  const view = new URLSearchParams(search).get('view');
  if (isView(view)) return headerTexts.titles[view];
  const product = productAtPath(pathname.split('/')[2]);
  return product && isView(product) ? headerTexts.titles[product] : headerTexts.titles.kulutusluotto;
}

export function Header({ brand, homeHref }: { brand: Brand; homeHref: string }): ReactNode {
  const { pathname, search } = useLocation();
  const email = fill(site.support.email, { domain: brand.domain });
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__home" href={homeHref}>
          <Logo brand={brand.id} name={brand.name} />
        </a>
        <p className="site-header__tagline">
          <strong className="site-header__title">{headerTitle(pathname, search)}</strong> {brand.tagline}
        </p>
        <div className="site-header__meta">
          <span className="site-header__secure">
            <LockIcon />
            {site.secure}
          </span>
          <a className="site-header__email" href={`mailto:${email}`}>
            {email}
          </a>
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
      <div className="site-header__menus">
        <ProductMenu />
        <CustomerMenu />
      </div>
    </header>
  );
}

/**
 * A menu that folds behind its button at 640 px and narrower: Escape folds it and gives the
 * button its focus back; moving to another page folds it.
 */
function useFoldingMenu(): { open: boolean; toggle: () => void; button: RefObject<HTMLButtonElement | null> } {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((was) => !was), button };
}

/** Spec §2 "Header": the links to the four application pages and to customer service (the footer's contact). */
function ProductMenu(): ReactNode {
  const { open, toggle, button } = useFoldingMenu();
  const t = headerTexts;
  return (
    <nav className={`site-header__menu site-header__menu--products${open ? ' site-header__menu--open' : ''}`} aria-label={t.nav}>
      <button type="button" ref={button} className="site-header__menu-toggle" aria-expanded={open} aria-controls={PRODUCT_LIST_ID} onClick={toggle}>
        <span className="site-header__menu-icon" aria-hidden="true" />
        {t.toggle}
      </button>
      <ul id={PRODUCT_LIST_ID} className="site-header__menu-list">
        {productIds.map((product) => (
          <li key={product}>
            <NavLink className="site-header__menu-link" to={paths.start(product)}>
              {t.links[product]}
            </NavLink>
          </li>
        ))}
        <li>
          <a className="site-header__menu-link" href={`#${CUSTOMER_SERVICE_ID}`}>
            {t.customerService}
          </a>
        </li>
      </ul>
    </nav>
  );
}

const PRODUCT_LIST_ID = 'product-menu';
/** The footer's customer-service contact, which the header's link leads to. */
export const CUSTOMER_SERVICE_ID = 'asiakaspalvelu';

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
  const { open, toggle, button } = useFoldingMenu();
  const m = customerMenu;

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
      <button type="button" ref={button} className="site-header__menu-toggle" aria-expanded={open} aria-controls={MENU_LIST_ID} onClick={toggle}>
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
