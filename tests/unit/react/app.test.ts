// The application's pure parts: paths, landing parameters, the save body, brands.
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { savePayload } from '../../../src/app/application/payload.ts';
import { readLandingParams } from '../../../src/app/application/query.ts';
import { browserName, deviceType } from '../../../src/app/application/tracking.ts';
import { brandForHost } from '../../../src/app/brands.ts';
import { variantsFor } from '../../../src/app/products.ts';
import { parseApplicationPath, paths } from '../../../src/app/routes.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';

const token = 'A'.repeat(43);

describe('routes', () => {
  it('reads the paths of spec §2', () => {
    expect(parseApplicationPath('')).toEqual({ kind: 'start' });
    expect(parseApplicationPath(`3/12/${token}`)).toEqual({ kind: 'step', step: 3, id: '12', token });
    expect(parseApplicationPath(`authentication/12/${token}`)).toEqual({ kind: 'authentication', id: '12', token });
    expect(parseApplicationPath(`status/12/${token}`)).toEqual({ kind: 'status', id: '12', token });
    expect(parseApplicationPath('prefill')).toEqual({ kind: 'prefill' });
    expect(parseApplicationPath(`x/prefill/1`)).toEqual({ kind: 'prefill' });
    expect(parseApplicationPath(`0/12/${token}`)).toEqual({ kind: 'offers', id: '12', token });
    expect(parseApplicationPath('3/abc/def')).toEqual({ kind: 'notFound' });
    expect(paths.step('yhdistelylaina', 2, '5', token)).toBe(`/hakemus/yhdistelylaina/2/5/${token}`);
  });

  it("reads and writes the mortgage flow's own words (marketplace spec §2)", () => {
    expect(parseApplicationPath(`auth/12/${token}`, 'mortgage')).toEqual({ kind: 'authentication', id: '12', token });
    expect(parseApplicationPath(`offers/12/${token}`, 'mortgage')).toEqual({ kind: 'offers', id: '12', token });
    expect(parseApplicationPath(`status/12/${token}`, 'mortgage')).toEqual({ kind: 'status', id: '12', token });
    expect(parseApplicationPath(`5/12/${token}`, 'mortgage')).toEqual({ kind: 'step', step: 5, id: '12', token });
    expect(parseApplicationPath('denied', 'mortgage')).toEqual({ kind: 'denied' });
    expect(parseApplicationPath('error', 'mortgage')).toEqual({ kind: 'error' });
    // Each flow keeps to its own words.
    expect(parseApplicationPath(`0/12/${token}`, 'mortgage')).toEqual({ kind: 'notFound' });
    expect(parseApplicationPath(`authentication/12/${token}`, 'mortgage')).toEqual({ kind: 'notFound' });
    expect(parseApplicationPath('denied')).toEqual({ kind: 'notFound' });
    expect(parseApplicationPath(`offers/12/${token}`)).toEqual({ kind: 'notFound' });
    expect(paths.authentication('asuntolaina', '5', token)).toBe(`/hakemus/asuntolaina/auth/5/${token}`);
    expect(paths.offers('asuntolaina', '5', token)).toBe(`/hakemus/asuntolaina/offers/5/${token}`);
    expect(paths.authentication('kulutusluotto', '5', token)).toBe(`/hakemus/kulutusluotto/authentication/5/${token}`);
    expect(paths.offers('kulutusluotto', '5', token)).toBe(`/hakemus/kulutusluotto/0/5/${token}`);
    expect([paths.denied('asuntolaina'), paths.error('asuntolaina')]).toEqual(['/hakemus/asuntolaina/denied', '/hakemus/asuntolaina/error']);
  });
});

describe('landing parameters', () => {
  const doc = loadFormRuntime('consumer').document;
  it('accepts amount and tenor only within the document constants', () => {
    expect(readLandingParams('?amount=500&tenor=20', doc).answers).toEqual({ inputAppliedAmount: 500, inputAppliedTenor: 20 });
    expect(readLandingParams('?amount=499&tenor=21', doc).answers).toEqual({});
    expect(readLandingParams('?amount=70001&tenor=0', doc).answers).toEqual({});
    expect(readLandingParams('?amount=1e4&tenor=2.5', doc).answers).toEqual({});
  });
  it("prefills the mortgage and business forms within their own limits (issue 25 item 14)", () => {
    const mortgage = loadFormRuntime('mortgage').document;
    expect(readLandingParams('?amount=250000&tenor=25', mortgage).answers).toEqual({ inputAppliedAmount: 250000, inputAppliedTenor: 25 });
    expect(readLandingParams('?amount=9999&tenor=31', mortgage).answers).toEqual({});
    const business = loadFormRuntime('business').document;
    // The business term is in months among its options: 2 years is '24'; 5 years is past its 48 months.
    expect(readLandingParams('?amount=40000&tenor=2', business).answers).toEqual({ appliedAmount: 40000, appliedTenor: '24' });
    expect(readLandingParams('?amount=1000&tenor=5', business).answers).toEqual({});
  });
  it("keeps to the variant's limits: the second brand's 2000 minimum refuses ?amount=1000", () => {
    const kattokorko = loadFormRuntime('consumer', ['kattokorko']).document;
    expect(readLandingParams('?amount=1000&tenor=3', kattokorko).answers).toEqual({ inputAppliedTenor: 3 });
    expect(readLandingParams('?amount=2000', kattokorko).answers).toEqual({ inputAppliedAmount: 2000 });
  });
  it('passes source, gclid, id and token on', () => {
    expect(readLandingParams('?source=kumppani&gclid=g1&id=4&token=t', doc)).toMatchObject({ source: 'kumppani', gclid: 'g1', id: '4', token: 't' });
  });
});

describe('the save body', () => {
  const runtime = loadFormRuntime('consumer');
  it('sends normalised answers, lists and navigation in additionalFormData, and clears the rest', () => {
    const body = savePayload(runtime, { ...validApplication(), primaryApplicantLivingExpenses: '850.50' }, { step: 7, brand: 'lainavertailu', product: 'kulutusluotto' });
    expect(body).toMatchObject({ inputAppliedAmount: 15000, primaryApplicantLivingExpenses: 850.5, hasCoApplicant: false, brand: 'lainavertailu', product: 'kulutusluotto' });
    expect(body.additionalFormData).toEqual({ step: 7, hasCoApplicant: false, primaryApplicantOtherLoanInput: [{ loan: 5000, monthlyPayment: 150 }] });
    expect(body.coApplicantFirstnames).toBeNull();
    expect(body).not.toHaveProperty('appliedAmount');
    expect(body).not.toHaveProperty('primaryApplicantOtherLoanInput');
  });
  it('carries the co-applicant flags and tracking of a first save', () => {
    const tracking = { browser: 'Chrome 150', device: 'mobile', referrer: '', landingUrl: 'https://x/', queryString: '', channelId: 's' };
    const body = savePayload(runtime, validApplicationWithCoApplicant(), { step: 1, brand: 'kattokorko', product: 'kulutusluotto', tracking });
    expect(body).toMatchObject({ hasCoApplicant: true, channelId: 's', additionalFormData: { step: 1, hasCoApplicant: true, sameAddress: true } });
  });
  it("leaves out an answer of a later step that the save's check refuses, so stepping back never blocks a save (issue 24)", () => {
    // Typed on step 4, then the applicant went back to step 2.
    const data = { ...validApplication(), primaryApplicantEmployer: 'x'.repeat(101) };
    const body = savePayload(runtime, data, { step: 2, brand: 'lainavertailu', product: 'kulutusluotto' });
    expect(body).not.toHaveProperty('primaryApplicantEmployer');
    expect(body).toMatchObject({ primaryApplicantOccupation: 'Myyjä', primaryApplicantCity: 'Helsinki' });
    // What is sent passes the server's check; at step 4 the answer is sent, and refused there.
    const { additionalFormData, brand: _brand, product: _product, ...fields } = body as Record<string, unknown> & { additionalFormData: Record<string, unknown> };
    const { step: _step, hasCoApplicant: _flag, ...lists } = additionalFormData;
    expect(runtime.validateSave(Object.fromEntries(Object.entries({ ...fields, ...lists }).filter(([, v]) => v !== null)), { uptoStep: 2 }).valid).toBe(true);
    expect(savePayload(runtime, data, { step: 4, brand: 'lainavertailu', product: 'kulutusluotto' }).primaryApplicantEmployer).toBe('x'.repeat(101));
  });
});

describe('brands, products and tracking', () => {
  it('chooses the second brand by its marker in the host', () => {
    expect(brandForHost('kattokorko.localhost').id).toBe('kattokorko');
    expect(brandForHost('www.KATTOKORKO.fi').id).toBe('kattokorko');
    expect(brandForHost('lainavertailu.fi').id).toBe('lainavertailu');
    // The server's order (engine/core/catalogue.ts variantsOf): the product's own, then the brand's.
    expect(variantsFor(brandForHost('kattokorko.fi'), 'yhdistelylaina')).toEqual(['yhdistelylaina', 'kattokorko']);
    expect(variantsFor(brandForHost('localhost'), 'kulutusluotto')).toEqual([]);
  });
  it('names the browser and device', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('Chrome 156');
    expect(browserName('Mozilla/5.0 (iPhone) Version/17.2 Mobile/15E148 Safari/604.1')).toBe('Safari 17');
    expect(deviceType('Mozilla/5.0 (iPhone) Mobile')).toBe('mobile');
    expect(deviceType('Mozilla/5.0 (X11; Linux x86_64)')).toBe('desktop');
  });
  it('the document carries the display options the summary panel needs', () => {
    const doc = loadFormRuntime('consumer').document;
    expect(doc.ui?.primaryApplicantMortgage).toEqual({ 'ui:options': { unit: '€' } });
    expect(doc.ui?.inputAppliedTenor?.['ui:options']).toMatchObject({ unit: 'vuotta', unitOne: 'vuosi', step: 1 });
    expect(doc.labels.primaryApplicantHasNoLoans).toBe('Ei lainoja');
  });
});
