// A document whose steps have no `progress` is a plain form (the login's, the customer's
// details, issue 17): the wizard shows neither the progress bar nor 'Vaihe n/total', which
// a one-step page form would show as "Vaihe 1/1 · 50 %". An application keeps both. The
// details form shows the name read-only. Rendered with React's server renderer.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormData, FormRuntime, Step } from '../../../engine/core/index.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { FormWizard } from '../../../engine/react/index.ts';
import { answeredPercent, ProgressBar } from '../../../engine/react/ProgressBar.tsx';
import { validBusiness } from '../../fixtures/business-valid.ts';
import { renderer } from '../../../src/app/messages/index.ts';

const render = (runtime: FormRuntime, data: FormData = {}) =>
  renderToStaticMarkup(createElement(FormWizard, { runtime, data, onChange() {}, currentStep: 1, onContinue: async () => ({ ok: true }), messages: renderer }));

describe('a plain form', () => {
  it.each(['login', 'login-code', 'user-details'])('%s shows no progress bar and no step count', (id) => {
    const html = render(loadFormRuntime(id));
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('Vaihe');
    expect(html).toContain(loadFormRuntime(id).document.steps[0].title);
  });

  it('an application still shows both', () => {
    const html = render(loadFormRuntime('consumer'));
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('Vaihe 1/');
  });

  it("a form of one page reads its progress from the answers: the empty business form is not 'Vaihe 1/1 · 100 % valmiina' (issue 25 item 15)", () => {
    const business = loadFormRuntime('business');
    const empty = render(business);
    expect(empty).toContain('role="progressbar"');
    expect(empty).not.toContain('Vaihe');
    const percent = Number(/aria-valuenow="(\d+)"/.exec(empty)?.[1]);
    expect(percent).toBeLessThan(50);
    expect(empty).toContain(`${percent} % valmiina`);
    const complete = validBusiness();
    expect(answeredPercent(business, business.view(complete), complete, 1)).toBe(100);
    expect(render(business, complete)).toContain('100 % valmiina');
  });

  it('the progress bar draws nothing for a step without progress', () => {
    const step: Step = { id: 's', number: 1, title: 'T', button: 'Jatka', sections: [{ fields: ['a'] }] };
    const bar = (s: Step) => renderToStaticMarkup(createElement(ProgressBar, { revealedSteps: [s], activeStepCount: 1, currentStep: 1, messages: renderer }));
    expect(bar(step)).toBe('');
    expect(bar({ ...step, progress: 40 })).toContain('aria-valuenow="40"');
  });

  it('the details form shows the name read-only and the rest editable', () => {
    const html = render(loadFormRuntime('user-details'), { name: 'Maija Meikäläinen', address: 'Katu 1', zip: '00100', city: 'Helsinki', phone: '0401234567', email: 'm@example.fi', hasMarketingBan: false });
    const input = (id: string) => new RegExp(`<input[^>]*id="field--${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input('name')).toContain('readOnly=""');
    expect(input('name')).toContain('value="Maija Meikäläinen"');
    for (const id of ['address', 'zip', 'city', 'phone', 'email']) expect(input(id), id).not.toMatch(/readOnly/i);
    expect(input('hasMarketingBan')).toContain('type="checkbox"');
    expect(html).toContain('En halua vastaanottaa markkinointiviestejä');
    expect(html).toContain('Tallenna tiedot');
  });
});
