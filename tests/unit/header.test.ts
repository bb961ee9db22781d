// The header (issue 28 item 1; marketplace spec §2): its title by `?view=` or the product page,
// the links to the four application pages and customer service, the support address.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { brandForHost } from '../../src/app/brands.ts';
import { Header, headerTitle } from '../../src/app/layout/Header.tsx';
import { headerTexts } from '../../src/app/messages/index.ts';

describe('the header title', () => {
  it('follows the view parameter, then the product page, else the consumer loan', () => {
    expect(headerTitle('/hakemus/asuntolaina/', '?view=yritysluotto')).toBe('Yritysluotto');
    expect(headerTitle('/', '?view=asiakaspalvelu')).toBe('Asiakaspalvelu');
    expect(headerTitle('/', '?view=yhdistelylaina&x=1')).toBe('Yhdistelylaina');
    expect(headerTitle('/hakemus/asuntolaina/3/12/abc', '')).toBe('Asuntolaina');
    expect(headerTitle('/hakemus/yritysluotto/', '?view=tuntematon')).toBe('Yritysluotto');
    expect(headerTitle('/lainahakemukset', '')).toBe('Kulutusluotto');
    expect(headerTitle('/', '?view=constructor')).toBe('Kulutusluotto');
  });
});

describe('the header', () => {
  const render = (path: string, host = 'localhost') =>
    renderToString(createElement(MemoryRouter, { initialEntries: [path] }, createElement(Header, { brand: brandForHost(host), homeHref: '/' })));

  it('links the four application pages and customer service, and shows the support address', () => {
    const html = render('/hakemus/yhdistelylaina/?view=asuntolaina');
    for (const [product, text] of Object.entries(headerTexts.links)) {
      expect(html).toContain(`href="/hakemus/${product}/"`);
      expect(html).toContain(`>${text}</a>`);
    }
    expect(html).toContain('href="#asiakaspalvelu"');
    expect(html).toContain('mailto:asiakaspalvelu@lainavertailu.fi');
    expect(html).toContain('<strong class="site-header__title">Asuntolaina</strong>');
    // The page's own product is marked current.
    expect(html).toMatch(/aria-current="page"[^>]*href="\/hakemus\/yhdistelylaina\/"|href="\/hakemus\/yhdistelylaina\/"[^>]*aria-current="page"/);
    expect(render('/', 'www.kattokorko.fi')).toContain('mailto:asiakaspalvelu@kattokorko.fi');
  });
});
