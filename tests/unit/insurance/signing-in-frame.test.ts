// Signing the insurance in a partner's frame (issue 28 item 4): banks refuse frames, so the page
// offers no banks there but the way out to the top window (LeaveFrame's session handoff); in
// its own window it offers the banks.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerTexts, identification } from '../../../src/app/messages/index.ts';
import { SigningMethods } from '../../../src/flows/insurance/InsurancePage.tsx';

afterEach(() => vi.unstubAllGlobals());

const render = () => renderToString(createElement(SigningMethods, { insuranceApplicationId: 12 }));

describe('the signing methods', () => {
  it('in a frame: the way out to the top window, no banks', () => {
    vi.stubGlobal('window', { self: 'frame', top: 'partner' });
    const html = render();
    expect(html).toContain(identification.frameSigning.lead);
    expect(html).toContain(identification.frameSigning.action);
    expect(html).not.toContain(customerTexts.insurance.methodsLoading);
  });

  it('in its own window: the banks (still loading here)', () => {
    const own = {} as { self?: unknown; top?: unknown };
    own.self = own;
    own.top = own;
    vi.stubGlobal('window', own);
    const html = render();
    expect(html).toContain(customerTexts.insurance.methodsLoading);
    expect(html).not.toContain(identification.frameSigning.action);
  });
});
