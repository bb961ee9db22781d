// A form text's `[text](/path)` link (issue 25 item 4): in a checkbox label it opens in a
// new tab with a hint, so the applicant keeps the form; an unsafe target and any HTML stay text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkedText } from '../../../engine/react/LinkedText.tsx';

const html = (text: string, newTab = false) => renderToStaticMarkup(createElement(LinkedText, { text, newTab, newTabHint: '(avautuu uuteen välilehteen)' }));

describe('LinkedText', () => {
  it('renders a link that opens in a new tab, named with the hint', () => {
    expect(html('Hyväksyn [käyttöehdot](/kayttoehdot).', true)).toBe(
      'Hyväksyn <a href="/kayttoehdot" target="_blank" rel="noopener" class="lv-link lv-link--new-tab">käyttöehdot<span class="lv-visually-hidden"> (avautuu uuteen välilehteen)</span></a>.',
    );
  });

  it('a page link stays in the tab', () => {
    expect(html('Lue [ehdot](/kayttoehdot)')).toBe('Lue <a href="/kayttoehdot" class="lv-link">ehdot</a>');
  });

  it('leaves an unsafe target and markup as text', () => {
    expect(html('[x](javascript:void0) <b>y</b>', true)).toBe('[x](javascript:void0) &lt;b&gt;y&lt;/b&gt;');
    expect(html('[x](//muu.example)', true)).toBe('[x](//muu.example)');
  });
});
