// @vitest-environment happy-dom
// A page that throws while rendering shows a Finnish message with a reload, not a blank page;
// another path is shown afresh (src/app/pages/PageErrorBoundary.tsx).
import { act, createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandForHost } from '../../../src/app/brands.ts';
import { pages } from '../../../src/app/messages/step.fi.ts';
import { PageErrorBoundary } from '../../../src/app/pages/PageErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Failing({ answer }: { answer: string }): ReactNode {
  throw new Error(`kentän arvo ${answer} ei kelpaa`);
}
const Fine = () => createElement('p', null, 'Sivun sisältö');

describe('PageErrorBoundary', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the failure page with a reload button instead of nothing, and a new path afresh', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The page's banners are asked of a server there is none of here: the request stays unanswered.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const show = (path: string, page: ReactNode) =>
      act(() => root.render(createElement(MemoryRouter, null, createElement(PageErrorBoundary, { brand: brandForHost('localhost'), path, children: page }))));

    history.replaceState(null, '', '/hakemus/kulutusluotto/');
    await show('/hakemus/kulutusluotto/', createElement(Failing, { answer: '131052-308T' }));
    expect(container.querySelector('h1')?.textContent).toBe(pages.pageFailed.title);
    expect(container.textContent).toContain(pages.pageFailed.body);
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toContain(pages.pageFailed.reload);
    // What it logs names the error, never its message (an answer may be in it).
    const ours = logged.mock.calls.filter(([first]) => first === 'page failed:');
    expect(ours).toHaveLength(1);
    expect(JSON.stringify(ours)).not.toContain('131052-308T');

    history.replaceState(null, '', '/lainahakemukset');
    await show('/lainahakemukset', createElement(Fine));
    expect(container.textContent).toBe('Sivun sisältö');
    act(() => root.unmount());
  });
});
