// The claims of the application pages come from one place an editor changes (issue 28 item 6):
// forms/content/site.json's `claims`, checked by forms:check; the hero and the aside show what it
// says (changed there, changed on the page), and the lender count beside them is the marketplace's.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSiteContent } from '../../engine/core/content-check.ts';
import { readFormDocument } from '../../engine/core/node.ts';
import type { LoadedForm } from '../../src/app/form-source.ts';
import { Hero } from '../../src/app/layout/Hero.tsx';
import { LoadedFormContext } from '../../src/app/loaded-form.ts';
import { site } from '../../src/app/legal/legal-pages.ts';
import { lenderCount } from '../../src/app/lender-count.ts';

const original = structuredClone(site.claims);
const loaded = { runtime: { document: readFormDocument('consumer') } } as unknown as LoadedForm;
const hero = () => renderToString(createElement(LoadedFormContext.Provider, { value: loaded }, createElement(Hero, { product: 'kulutusluotto' }))).replaceAll('<!-- -->', '');
afterEach(() => Object.assign(site.claims, structuredClone(original)));

describe('the claims', () => {
  it('are the content file’s, shown in the hero with the counted lenders', () => {
    const html = hero();
    expect(html).toContain(`<strong>${lenderCount('kulutusluotto')}</strong> ${site.claims.lenders.text}`);
    expect(html).toContain(`<strong>${site.claims.customers.value}</strong> ${site.claims.customers.text}`);
    expect(html).toContain(site.claims.payout);
    site.claims.customers.value = 'yli 400 000';
    site.claims.payout = 'Rahat tilillesi viimeistään seuraavana pankkipäivänä.';
    const changed = hero();
    expect(changed).toContain('<strong>yli 400 000</strong>');
    expect(changed).toContain('Rahat tilillesi viimeistään seuraavana pankkipäivänä.');
  });

  it('must all be there: forms:check names a missing one', () => {
    const { claims, ...rest } = structuredClone(site);
    const { payout: _, ...withoutPayout } = claims;
    expect(checkSiteContent({ ...rest, claims: withoutPayout }, new Set(site.footer.links.map((link) => link.page)), new Set(['lainavertailu', 'kattokorko'])).map((f) => f.path)).toEqual(['/claims']);
    expect(checkSiteContent(rest, new Set(site.footer.links.map((link) => link.page)), new Set(['lainavertailu', 'kattokorko'])).map((f) => f.path)).toEqual(['/']);
  });
});
