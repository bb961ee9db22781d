// Every text on the application page that states a limit reads it from the resolved
// form document, the same value the validator checks (issue 11 item 2: the second
// brand's hero said 'Kulutusluotto 500–70 000 €' while its minimum is 2000). The page's
// top (hero) and step 1 are rendered with React's server renderer for a variant set,
// then for an edited copy of the document, and the texts must follow the edit.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import type { FormData, FormDocument, FormRuntime } from '../../../engine/core/index.ts';
import { FormWizard } from '../../../engine/react/index.ts';
import { consumerSlots } from '../../../src/app/application/StepExtras.tsx';
import { Hero } from '../../../src/app/layout/Hero.tsx';
import { LoadedFormContext } from '../../../src/app/loaded-form.ts';
import { renderer } from '../../../src/app/messages/index.ts';
import type { Product } from '../../../src/app/products.ts';
import { validApplication } from '../../fixtures/consumer-valid.ts';

/** Text as a reader sees it: no-break spaces as spaces, tags gone. */
const plain = (html: string) => html.replace(/\u00a0|&nbsp;/g, ' ');

function renderPage(runtime: FormRuntime, product: Product, data: FormData): { hero: string; sliderEnds: string[][]; rangeMin: string[]; prompt: string | null } {
  const tree: ReactNode = createElement(
    LoadedFormContext.Provider,
    { value: { runtime } },
    createElement(Hero, { product }),
    createElement(FormWizard, { runtime, data, onChange() {}, currentStep: 1, onContinue: async () => ({ ok: true }), messages: renderer, slots: consumerSlots(runtime, () => {}) }),
  );
  const html = plain(renderToStaticMarkup(tree));
  return {
    hero: /class="hero__eyebrow">([^<]*)</.exec(html)?.[1] ?? '',
    sliderEnds: [...html.matchAll(/class="lv-slider__scale"[^>]*><span>([^<]*)<\/span><span>([^<]*)<\/span>/g)].map((m) => [m[1], m[2]]),
    rangeMin: [...html.matchAll(/type="range" min="(\d+)"/g)].map((m) => m[1]),
    prompt: /data-testid="co-applicant-prompt">([^<]*)</.exec(html)?.[1] ?? null,
  };
}

function message(runtime: FormRuntime, patch: FormData, field: string): string | undefined {
  return runtime.validateStep({ ...validApplication(), ...patch }, 1).errors.find((error) => error.field === field)?.message;
}

const promptAmount = { inputAppliedAmount: 30000, hasCoApplicant: false };

describe('the texts that state a limit, by variant set', () => {
  const original = readFormDocument('consumer');

  it('the second brand (kattokorko): hero, slider ends and messages say 2 000', () => {
    const runtime = runtimeForDocument(original, ['kattokorko']);
    const page = renderPage(runtime, 'kulutusluotto', promptAmount);
    expect(page.hero).toBe('Kulutusluotto 2 000–70 000 €');
    expect(page.sliderEnds).toEqual([
      ['2 000 €', '70 000 €'],
      ['1 vuosi', '20 vuotta'],
    ]);
    expect(page.rangeMin[0]).toBe('2000');
    expect(message(runtime, { inputAppliedAmount: 1999 }, 'inputAppliedAmount')).toBe('Vähintään 2000');
    expect(message(runtime, { inputAppliedAmount: 70001 }, 'inputAppliedAmount')).toBe('Enintään 70000');
    expect(message(runtime, { inputAppliedTenor: 0 }, 'inputAppliedTenor')).toBe('Vähintään 1 vuosi');
    expect(page.prompt).toMatch(/^Yli 20 000 euron lainaan/);
  });

  it('the first brand: 500', () => {
    const runtime = runtimeForDocument(original, []);
    const page = renderPage(runtime, 'kulutusluotto', promptAmount);
    expect(page.hero).toBe('Kulutusluotto 500–70 000 €');
    expect(page.sliderEnds[0]).toEqual(['500 €', '70 000 €']);
    expect(message(runtime, { inputAppliedAmount: 499 }, 'inputAppliedAmount')).toBe('Vähintään 500');
  });

  it('follow an edited document: the brand minimum, the maximum, the loan-time minimum and the prompt threshold', () => {
    const edited: FormDocument = structuredClone(original);
    const minimum = edited.variants!.kattokorko.find((op) => op.path === '/schema/properties/inputAppliedAmount/minimum');
    expect(minimum).toBeDefined();
    (minimum as { value: unknown }).value = 2500;
    edited.schema.properties.inputAppliedAmount.maximum = 60000;
    edited.schema.properties.inputAppliedTenor.minimum = 2;
    edited.constants!.coApplicantPromptAbove = 25000;

    const runtime = runtimeForDocument(edited, ['kattokorko']);
    const page = renderPage(runtime, 'kulutusluotto', promptAmount);
    expect(page.hero).toBe('Kulutusluotto 2 500–60 000 €');
    expect(page.sliderEnds).toEqual([
      ['2 500 €', '60 000 €'],
      ['2 vuotta', '20 vuotta'],
    ]);
    expect(page.rangeMin).toEqual(['2500', '2']);
    expect(message(runtime, { inputAppliedAmount: 2499 }, 'inputAppliedAmount')).toBe('Vähintään 2500');
    expect(message(runtime, { inputAppliedAmount: 60001 }, 'inputAppliedAmount')).toBe('Enintään 60000');
    expect(message(runtime, { inputAppliedTenor: 1 }, 'inputAppliedTenor')).toMatch(/^Vähintään 2 /);
    expect(page.prompt).toMatch(/^Yli 25 000 euron lainaan/);
    // The first brand of the same edited document keeps its own minimum.
    expect(renderPage(runtimeForDocument(edited, []), 'kulutusluotto', promptAmount).hero).toBe('Kulutusluotto 500–60 000 €');
  });
});
